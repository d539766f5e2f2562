import Foundation
import RadialWindow
import RadialRender
import RadialCore

/// `radial render (FILE | --demo NAME) --out OUT.png ...`: one frame at a time on the fixed-step clock.
/// A PDF may take several inputs, a page each (`render a.json b.csv --out report.pdf`).
struct RenderCommand {
    var sources: [PageSource]
    var source: PageSource { sources[0] }
    var out: String
    var size = Size(800, 800)
    /// nil: the page at rest (`--at end`, the default).
    var time: Double?
    /// `--controls`: draw the window's Replay buttons too.
    var controls = false
    var scale = 1.0
    var geometry: String?
    /// `--hover X,Y` (points), `--focus PATH`, `--toggle PATH`...: states a window user makes.
    var hover: Vec2?
    var focus: String?
    var toggles: [String] = []
    /// `--drill PATH`: a sunburst node made the root first (its element path or names from the top).
    var drill: String?
    /// The file format (from --format or --out's extension), quality and PNG compression.
    var encoding = StillEncoding(format: .png)
    /// Everything else the command line said (appearance, --background, --renderer).
    var values: OptionValues

    init(_ values: OptionValues, _ operands: [String]) throws {
        self.values = values
        guard let o = values.out else { throw UsageError("`radial render` needs --out OUT.png (or .jpg, .webp, .svg, .pdf).") }
        let encoding = try values.stillEncoding(out: o)
        // Several inputs make one PDF, a page each; any other file holds one picture.
        let count = values.demos.count + operands.count
        if count > 1 {
            guard encoding.format == .pdf else {
                throw UsageError("`radial render` writes one \(encoding.format.rawValue.uppercased()) from one input; for \(count) inputs give --out REPORT.pdf (a page each) or --out-dir DIR (a file each).")
            }
            if values.geometry != nil { throw UsageError("--geometry describes one page; with several inputs render each on its own.") }
            if values.hover != nil || values.focus != nil || !values.toggles.isEmpty || values.drill != nil {
                throw UsageError("--hover, --focus, --toggle and --drill name one page's elements; with several inputs render each on its own.")
            }
            sources = try values.sources(operands)
        } else {
            sources = [try values.singleSource(operands, command: "render")]
        }
        if encoding.format.isVector, let s = values.scale {
            throw UsageError("--scale \(Parse.fmt(s)) sets pixels per point; an \(encoding.format.rawValue.uppercased()) has no pixels (its size is --size, in points).")
        }
        let size = values.size ?? Size(800, 800), scale = values.scale ?? 1
        if let problem = PictureRules.problem(pixelsOf: PictureOptions(size: size, scale: scale), format: "png") {
            throw UsageError(problem)
        }
        if let why = encoding.problem(size: size, scale: scale) { throw UsageError(why) }
        self.out = o; self.size = size; self.time = values.at ?? nil; self.controls = values.controls; self.scale = scale
        self.geometry = values.geometry
        self.hover = values.hover; self.focus = values.focus; self.toggles = values.toggles; self.drill = values.drill
        if let p = values.hover, !(0..<size.width).contains(p.x) || !(0..<size.height).contains(p.y) {
            throw UsageError("--hover \(Parse.fmt(p.x)),\(Parse.fmt(p.y)) is outside the \(Int(size.width))x\(Int(size.height)) window.")
        }
        self.encoding = encoding
        if let g = geometry, g == o { throw UsageError("--geometry and --out both name \(o); give them different files.") }
        let inputs = InputSet(sources)
        for path in [o] + (geometry.map { [$0] } ?? []) { try AtomicOutput.check(path, kind: .file, inputs: inputs) }
    }

    func run() throws {
        Cleanup.install()
        // Before any work: a folder that takes no files fails now, not after the render.
        for path in [out] + (geometry.map { [$0] } ?? []) { try AtomicOutput.checkWritable(path, kind: .file) }
        if !encoding.format.isVector {
            let (w, h) = (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
            try MemoryBudget.check(MemoryBudget.still(width: w, height: h, encoding: encoding), what: "A \(w)×\(h) \(encoding.format.rawValue.uppercased())")
        }
        // Every input first: one that cannot be read stops the render before anything is written.
        // A page with states: the one --frame names, else the last at rest, else (--at) the states played.
        let loaded = try sources.map { try values.load($0) }
        let played = zip(loaded, sources).map { page, source in !page.frames.isEmpty && time != nil && values.frame == nil ? page : nil }
        let pages = try zip(loaded, sources).map { page, source in try values.stillPage(page, source: source) }
        for page in pages { try values.checkBackground(encoding.format, pageBackground: page.background) }
        let formatting = values.formatting
        for (page, source) in zip(pages, sources) { Warnings.report(page, source: source, formatting: formatting) }
        if encoding.format.isVector || values.renderer == "cairo" { return try runWithoutGL(pages, formatting: formatting) }
        let page = pages[0]
        let headless = try GraphicsSession.headless(command: "render")
        defer { headless.close() }
        var scene = headless.scene(for: page, formatting: formatting, controls: controls)
        if let all = played[0] {
            let states = StateSequence(all.states, hold: values.holdSeconds, reduceMotion: values.reduceMotionOrEnvironment) { p, previous, at in
                headless.scene(for: p, formatting: formatting, controls: controls, continuing: previous, at: at)
            }
            scene = states.scene(at: time ?? 0)
        }
        var request = self.request(for: page, scene: scene)
        // --frame K --at T: T inside state K, which springs (or morphs) from state K−1 at rest.
        if let k = values.stateIndexInside(loaded[0], source: sources[0]), k > 0, let t = time {
            let states = StateSequence(loaded[0].states, hold: values.holdSeconds, reduceMotion: values.reduceMotionOrEnvironment) { p, previous, at in
                headless.scene(for: p, formatting: formatting, controls: controls, continuing: previous, at: at)
            }
            scene = states.scene(k)
            request.time = states.start(of: k) + t
        }
        try applyInteractions(to: scene, at: request.moment)
        let image = try headless.image(of: scene, request)
        MissingGlyphWarnings().report(headless.frame, source: sources[0])
        // The geometry is written to a temporary first and put in place only after the image
        // is: on a failure (a full disk) neither file changes.
        let sidecar = try geometry.map { try AtomicOutput.staged(Array((scene.geometry(request).serialized() + "\n").utf8), to: $0) }
        do { try StillFile.write(image, to: out, encoding: encoding.onto(request.theme)) } catch { sidecar?.abandon(); throw error }
        try sidecar?.commit()
    }

    /// What to draw of `page`: the options' size, time (at rest by default), theme, text size and background.
    func request(for page: Page, scene: PageScene) -> FrameRequest {
        var r = FrameRequest(size: size, scale: scale, time: time ?? scene.restingTime, theme: values.theme ?? page.theme ?? .light,
                             reduceMotion: values.reduceMotionOrEnvironment, textSize: values.textSize ?? page.textSize ?? .large,
                             background: values.background(for: page))
        r.patterns = values.patterns
        r.still = time == nil
        return r
    }

    /// SVG, PDF (a page per input) and `--renderer cairo`: frames drawn with the font system and
    /// no GL context, shapes and text by cairo.
    private func runWithoutGL(_ pages: [Page], formatting: Formatting) throws {
        let session = try VectorSession()
        defer { session.close() }
        var pdf: VectorFile.PDF?
        var sidecar: AtomicOutput?
        let uncarriable = UncarriableTextWarnings()
        do {
            for (page, source) in zip(pages, sources) {
                let scene = session.scene(for: page, formatting: formatting, controls: controls)
                let request = self.request(for: page, scene: scene)
                try applyInteractions(to: scene, at: request.moment)
                let frame = session.draw(scene, request)
                MissingGlyphWarnings().report(frame, source: source)
                if encoding.format.isVector { uncarriable.report(frame, title: page.documentTitle, source: source) }
                if pages.count == 1, let g = geometry {
                    sidecar = try AtomicOutput.staged(Array((scene.geometry(request).serialized() + "\n").utf8), to: g)
                }
                switch encoding.format {
                case .svg:
                    try VectorFile.writeSVG(frame, size: size, title: page.documentTitle, renderer: session.renderer, to: out)
                case .pdf:
                    if pdf == nil { pdf = try VectorFile.PDF(path: out, firstPage: size, title: page.documentTitle, renderer: session.renderer) }
                    try pdf?.add(frame, size: size)
                default:
                    try StillFile.write(try session.renderer.image(frame), to: out, encoding: encoding.onto(request.theme))
                }
            }
            try pdf?.finish()
        } catch {
            pdf?.abandon()
            sidecar?.abandon()
            throw error
        }
        try sidecar?.commit()
    }
}

extension RenderCommand {
    /// Legend toggles (done before the first frame), focus and hover, as a window user would.
    func applyInteractions(to scene: PageScene, at moment: Moment) throws(UsageError) {
        guard hover != nil || focus != nil || !toggles.isEmpty || drill != nil else { return }
        scene.layout(size: size)
        for path in toggles {
            guard let e = scene.element(path: path, moment: .atRest) else { throw Self.noElement(path, option: "--toggle", scene) }
            guard e.actions.contains(.toggle) else {
                throw UsageError("--toggle \(path) names a \(e.role.rawValue), which has nothing to toggle; give a legend entry such as charts[0].legend[0].")
            }
            scene.perform(.toggle, on: ElementRef(chart: e.chart, key: e.key), moment: Moment(time: 0, reduceMotion: true))
        }
        if let path = drill, let why = scene.drill(path, moment: Moment(time: 0, reduceMotion: true)) {
            throw UsageError("--drill \(path): \(why).")
        }
        if let path = focus {
            guard let e = scene.element(path: path, moment: moment) else { throw Self.noElement(path, option: "--focus", scene) }
            scene.setFocus(ElementRef(chart: e.chart, key: e.key))
        }
        if let p = hover { scene.setPointer(p, moment: moment) }
    }

    private static func noElement(_ path: String, option: String, _ scene: PageScene) -> UsageError {
        let paths = scene.elements(moment: .atRest).map(\.path)
        let sample = paths.prefix(6).joined(separator: ", ") + (paths.count > 6 ? ", …" : "")
        return UsageError("\(option) \(path) names no element of this page; its elements are \(sample) (--geometry lists them all).")
    }
}

