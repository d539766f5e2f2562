import Foundation
import RadialWindow
import RadialRender
import RadialText
import RadialCore
import RadialGL

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
    var theme: Theme?
    var palette: CategoricalPalette?
    var reduceMotion = DesktopSettings.reduceMotionFromEnvironment
    var geometry: String?
    var locale: String?
    /// `--hover X,Y` (points), `--focus PATH`, `--toggle PATH`...: states a window user makes.
    var hover: Vec2?
    var focus: String?
    var toggles: [String] = []
    /// `--drill PATH`: a sunburst node made the root first (its element path or names from the top).
    var drill: String?
    /// The file format (from --format or --out's extension), quality and PNG compression.
    var encoding = StillEncoding(format: .png)
    /// `--background`, `--renderer` (and the format options, checked into `encoding`).
    var still = StillArguments()

    static let help = """
        Usage: radial render (FILE | - | --demo ebike|scan|pies) --out OUT.png|.jpg|.webp|.svg|.pdf [options]

        Renders one frame offscreen to a PNG, JPEG or WebP, or as shapes and text to an SVG or PDF.
               radial render FILE... [--demo NAME]... --out REPORT.pdf [options]
        renders one PDF with a page for each input, in order.
               radial render FILE... [--demo NAME]... --out-dir DIR [options]
        renders many, in one process, to DIR/NAME.png (.jpg, .webp, .svg, .pdf: --format), each named after its input.
          --out PATH            the file to write, .png, .jpg (.jpeg), .webp, .svg or .pdf (replaced
                                only when rendering succeeded)
          --size WxH            size in points (default 800x800)
          --at SECONDS|end      animation time on the fixed-step clock (default end: the page at
                                rest, a scan well into its first turn; 0 is the first frame, when
                                charts are about to appear; try 0.45 mid-spring)
          --controls            also draw the window's controls (the radar's Replay button)
          --scale N             pixels per point, 1...4 (default 1; 2 for HiDPI); not for svg or pdf,
                                whose size is in points
          --theme light|dark|high-contrast
                                override the page's theme (high contrast: black on white, text
                                at 7:1 or more, lines and shapes at 3:1, series marked by shape)
          --palette system|okabe-ito
                                colors for series and sectors the page gives none (okabe-ito:
                                safe with color vision deficiencies); overrides the page's
          --reduce-motion       final state from the first frame, no sweep (also RADIAL_REDUCE_MOTION=1)
          --geometry PATH       also write what was drawn, in pixels, as JSON
          --locale ID           locale for numbers and currency, e.g. en_US, de_DE (default: LC_ALL/LC_MONETARY/LANG)
          --hover X,Y           the pointer at X,Y points: its element's highlight and tooltip
          --focus PATH          keyboard focus on an element, e.g. charts[0].axes[2], charts[1].legend[0]
                                (--geometry lists every element's path and box)
          --toggle PATH         click a legend entry first (hide its series or sector); repeatable
          --drill PATH          open a sunburst node first: its path (charts[0].nodes[3]) or its names
                                from the top (Europe/France)
          --out-dir DIR         with several inputs: one image each, named after its input, in one process
        \(StillArguments.help)
        \(TableArguments.help)
        """

    init(arguments: [String]) throws(UsageError) {
        var list = ArgumentList(arguments, command: "render")
        var demos: [String] = [], out: String?
        var size = Size(800, 800), time: Double?, controls = false, givenScale: Double?, theme: Theme?, reduce = DesktopSettings.reduceMotionFromEnvironment
        var geometry: String?, locale: String?, hover: Vec2?, focus: String?, toggles: [String] = [], palette: CategoricalPalette?
        var drill: String?
        var table = TableArguments(), still = StillArguments()
        try list.parse { (name, value) throws(UsageError) in
            if try table.accept(name, value) { return true }
            if try still.accept(name, value) { return true }
            switch name {
            case "--demo": demos.append(try value())
            case "--out", "-o": out = try value()
            case "--size": size = try Parse.size(try value(), option: "--size")
            case "--at":
                let v = try value()
                time = v == "end" ? nil : try Parse.number(v, option: "--at", range: 0...86_400)
            case "--controls": controls = true
            case "--scale": givenScale = try Parse.number(try value(), option: "--scale", range: 1...4)
            case "--theme": theme = try Parse.theme(try value())
            case "--palette": palette = try Parse.palette(try value())
            case "--reduce-motion": reduce = true
            case "--geometry": geometry = try value()
            case "--locale": locale = try Parse.locale(try value())
            case "--hover": hover = try Parse.point(try value(), option: "--hover")
            case "--focus": focus = try value()
            case "--toggle": toggles.append(try value())
            case "--drill": drill = try value()
            case "--fps", "--from", "--to", "--turns":
                throw UsageError("\(name) is for animations (`radial record`); `radial render` draws one still (choose its moment with --at).")
            default: return false
            }
            return true
        }
        guard let o = out else { throw UsageError("`radial render` needs --out OUT.png (or .jpg, .webp, .svg, .pdf).") }
        let encoding = try still.encoding(out: o)
        // Several inputs make one PDF, a page each; any other file holds one picture.
        if demos.count + list.positionals.count > 1 {
            guard encoding.format == .pdf else {
                throw UsageError("`radial render` writes one \(encoding.format.rawValue.uppercased()) from one input; for \(demos.count + list.positionals.count) inputs give --out REPORT.pdf (a page each) or --out-dir DIR (a file each).")
            }
            if geometry != nil { throw UsageError("--geometry describes one page; with several inputs render each on its own.") }
            if hover != nil || focus != nil || !toggles.isEmpty || drill != nil {
                throw UsageError("--hover, --focus, --toggle and --drill name one page's elements; with several inputs render each on its own.")
            }
            if list.positionals.filter({ $0 == "-" }).count > 1 { throw UsageError("Standard input (-) can be read only once.") }
            // Table options (--type, --value, ...) apply to the tables among the inputs.
            let tables = list.positionals.filter { TableArguments.isTable($0) || $0 == "-" }
            if tables.isEmpty, let p = list.positionals.first { _ = try table.source(p) }   // says which option needs a table
            let files = try list.positionals.map { (p: String) throws(UsageError) -> PageSource in tables.contains(p) ? try table.source(p) : .file(p) }
            // In the order given: each --demo among the files where it stood.
            let demoPlaces = list.options.filter { $0.name == "--demo" }.map(\.positionalsBefore)
            var sources: [PageSource] = []
            var next = 0
            for (i, d) in demos.enumerated() {
                let place = i < demoPlaces.count ? demoPlaces[i] : files.count
                while next < min(place, files.count) { sources.append(files[next]); next += 1 }
                sources.append(.demo(try Parse.demo(d)))
            }
            sources += files[next...]
            self.sources = sources
        } else {
            sources = [try ArgumentList.source(demo: demos.first, positionals: list.positionals, command: "render", table: table)]
        }
        if encoding.format.isVector, let s = givenScale {
            throw UsageError("--scale \(s == s.rounded() ? String(Int(s)) : String(s)) sets pixels per point; an \(encoding.format.rawValue.uppercased()) has no pixels (its size is --size, in points).")
        }
        let scale = givenScale ?? 1
        if size.width * scale > 16384 || size.height * scale > 16384 {
            throw UsageError("--size × --scale is larger than 16384 pixels on a side; make one of them smaller.")
        }
        if let why = encoding.problem(size: size, scale: scale) { throw UsageError(why) }
        self.out = o; self.size = size; self.time = time; self.controls = controls; self.scale = scale; self.theme = theme; self.palette = palette
        self.reduceMotion = reduce; self.geometry = geometry; self.locale = locale
        self.hover = hover; self.focus = focus; self.toggles = toggles; self.drill = drill
        self.still = still
        if let p = hover, !(0..<size.width).contains(p.x) || !(0..<size.height).contains(p.y) {
            throw UsageError("--hover \(Int(p.x)),\(Int(p.y)) is outside the \(Int(size.width))x\(Int(size.height)) window.")
        }
        self.encoding = encoding
        if let g = geometry, g == o { throw UsageError("--geometry and --out both name \(o); give them different files.") }
        try InputGuard.check(outputs: [o] + (geometry.map { [$0] } ?? []), sources: sources)
        for path in [o] + (geometry.map { [$0] } ?? []) {
            let dir = (path as NSString).deletingLastPathComponent
            var isDir: ObjCBool = false
            if !dir.isEmpty && !(FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) && isDir.boolValue) {
                throw UsageError("The folder \(dir) for \(path) does not exist.")
            }
        }
    }

    func run() throws {
        TemporaryFiles.removeOnSignals()
        // Before any work: a folder that takes no files fails now, not after the render.
        for path in [out] + (geometry.map { [$0] } ?? []) { try OutputFolder.checkWritable(beside: path) }
        // Every input first: one that cannot be read stops the render before anything is written.
        let pages = try sources.map { try $0.load(palette: palette) }
        for page in pages { try still.check(encoding.format, pageBackground: page.background) }
        let formatting = locale.map { Formatting(localeIdentifier: $0) } ?? .fromEnvironment()
        for (page, source) in zip(pages, sources) { Warnings.report(page, source: source, formatting: formatting) }
        if encoding.format.isVector || still.renderer == .cairo {
            try runWithoutGL(pages, formatting: formatting)
            return
        }
        let page = pages[0]
        let headless = try GraphicsSession.headless(command: "render")
        defer { headless.close() }
        let scene = headless.scene(for: page, formatting: formatting, controls: controls)
        let request = self.request(for: page, scene: scene)
        try applyInteractions(to: scene, at: request.moment)
        let image = try headless.image(of: scene, request)
        // Geometry first (to a temporary name), so a failure leaves neither file half-written.
        if let g = geometry {
            let json = scene.geometry(request).serialized() + "\n"
            try AtomicFile.write(json, to: g)
        }
        try StillFile.write(image, to: out, encoding: encoding.onto(request.theme))
    }

    /// What to draw of `page`: the options' size, time (at rest by default), theme and background.
    func request(for page: Page, scene: PageScene) -> FrameRequest {
        FrameRequest(size: size, scale: scale, time: time ?? scene.restingTime, theme: theme ?? page.theme ?? .light,
                     reduceMotion: reduceMotion, background: still.background(for: page))
    }

    /// SVG, PDF (a page per input) and `--renderer cairo`: frames drawn with the font system and
    /// no GL context, shapes and text by cairo.
    private func runWithoutGL(_ pages: [Page], formatting: Formatting) throws {
        let session = try VectorSession()
        defer { session.close() }
        var pdf: VectorFile.PDF?
        do {
            for page in pages {
                let scene = session.scene(for: page, formatting: formatting, controls: controls)
                let request = self.request(for: page, scene: scene)
                try applyInteractions(to: scene, at: request.moment)
                let frame = session.draw(scene, request)
                if pages.count == 1, let g = geometry {
                    try AtomicFile.write(scene.geometry(request).serialized() + "\n", to: g)
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
            throw error
        }
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

