import Foundation
import RadialWindow
import RadialRender
import RadialCore

/// `radial render A.json B.json ... --out-dir DIR`: many stills in one process, with one GL
/// context and one font system, each named after its input (`DIR/A.png`). Every input is read
/// and checked before anything is drawn, so a bad one means nothing is written. Images (PNG,
/// JPEG or WebP: `--format`) are encoded on a second thread while the next page renders.
struct BatchRender {
    var sources: [PageSource]
    var outputs: [String]
    var size = Size(800, 800)
    /// nil: each page at rest (`--at end`), as `render` does.
    var time: Double?
    var scale = 1.0
    var theme: Theme?
    var reduceMotion = false
    var palette: CategoricalPalette?
    var locale: String?
    /// One format, quality and PNG compression for every output.
    var encoding = StillEncoding(format: .png)
    /// `--controls`: the window's Replay buttons too (left out by default, as in `render`).
    var controls = false
    /// Everything else the command line said (appearance, --background, --renderer).
    var values = OptionValues()

    init(_ values: OptionValues, _ operands: [String]) throws {
        if values.out != nil { throw UsageError("Give --out for one image or --out-dir for many, not both.") }
        if values.geometry != nil { throw UsageError("--geometry is for one render (--out); batch renders write only images.") }
        for name in ["--hover", "--focus", "--toggle"] where values.has(name) {
            throw UsageError("\(name) is for one render (--out); a batch draws each page as it is.")
        }
        let size = values.size ?? Size(800, 800), scale = values.scale ?? 1, time = values.at ?? nil
        let theme = values.theme, reduce = values.reduceMotionOrEnvironment, locale = values.locale, controls = values.controls
        let outDir = values.outDir
        let encoding = try values.stillEncoding(out: nil)
        if encoding.format.isVector, let s = values.scale {
            throw UsageError("--scale \(Parse.fmt(s)) sets pixels per point; an \(encoding.format.rawValue.uppercased()) has no pixels (its size is --size, in points).")
        }
        guard let dir = outDir, !dir.isEmpty else { throw UsageError("--out-dir needs a folder.") }
        if operands.contains("-") { throw UsageError("Standard input (-) has no name to name its image after; with --out-dir give files or --demo.") }
        // As `--out x.pdf` reads them: the table options apply to the tables among the inputs.
        let sources = try values.sources(operands)
        guard !sources.isEmpty else { throw UsageError("`radial render --out-dir` needs chart files or --demo NAME (one or more).") }
        var outputs: [String] = [], seen: [String: String] = [:]
        for s in sources {
            let base: String = switch s {
            case .demo(let d): d.rawValue
            case .live(let p): p.name
            case .file(let p), .table(let p, _, _), .stream(let p): { let n = PathText.name(of: p); return n.lastIndex(of: ".").map { $0 == n.startIndex ? n : String(n[..<$0]) } ?? n }()
            }
            let out = PathText.joining(dir, base + "." + encoding.format.fileExtension)
            if let other = seen[out] { throw UsageError("\(other) and \(s.name) would both be written to \(out); rename one.") }
            seen[out] = s.name
            outputs.append(out)
        }
        if let problem = PictureRules.problem(pixelsOf: PictureOptions(size: size, scale: scale), format: "png") {
            throw UsageError(problem)
        }
        if let why = encoding.problem(size: size, scale: scale) { throw UsageError(why) }
        // The folder is made if it is missing (one level, as mkdir does); the folder it is in
        // must exist, as an --out file's folder must. Existing images in it are replaced.
        let inputs = InputSet(sources)
        try AtomicOutput.check(dir, kind: .folder, inputs: inputs, empty: false)
        if FileManager.default.fileExists(atPath: dir) { for out in outputs { try AtomicOutput.check(out, kind: .file, inputs: inputs) } }
        self.sources = sources; self.outputs = outputs; self.size = size; self.time = time; self.scale = scale
        self.theme = theme; self.reduceMotion = reduce; self.locale = locale; self.encoding = encoding
        self.controls = controls; self.palette = values.palette; self.values = values
    }

    /// Every image goes to a temporary beside its output, and only when all of them are written
    /// are they renamed into place: a batch that fails (a full disk, a signal) leaves the folder
    /// as it was, without the images it had already made (and without the folder, if it made it).
    func run() throws {
        Cleanup.install()
        // Every input first: a bad file stops the batch before anything is written.
        let pages = try sources.map { try values.stillPage(try values.load($0), source: $0) }
        for page in pages { try values.checkBackground(encoding.format, pageBackground: page.background) }
        let dir = PathText.folder(of: outputs[0])
        var madeFolder = false
        if !FileManager.default.fileExists(atPath: dir) {
            guard mkdir(dir, 0o755) == 0 else { throw OutputError.cannotCreateFolder(path: dir, reason: TemporaryName.reason(errno: errno)) }
            madeFolder = true
        }
        var files: [AtomicOutput] = []
        do {
            try AtomicOutput.checkWritable(outputs[0], kind: .file)
            let (w, h) = (Int((size.width * scale).rounded()), Int((size.height * scale).rounded()))
            if !encoding.format.isVector {
                try MemoryBudget.check(MemoryBudget.still(width: w, height: h, encoding: encoding), what: "A \(w)×\(h) \(encoding.format.rawValue.uppercased())")
            }
            let formatting = locale.map { Formatting(localeIdentifier: $0) } ?? .fromEnvironment()
            for (page, source) in zip(pages, sources) { Warnings.report(page, source: source, formatting: formatting) }
            if encoding.format.isVector || values.renderer == "cairo" {
                try runWithoutGL(pages, formatting: formatting, into: &files)
                for file in files { try file.commit() }
                return
            }
            let headless = try GraphicsSession.headless(command: "render")
            defer { headless.close() }
            for out in outputs { files.append(try AtomicOutput(out, suffix: encoding.format.fileExtension)) }
            let queue = FrameQueue<(RGBAImage, String, StillEncoding)>()
            queue.start(name: "radial-image-batch") { item in
                try StillFile.encode(item.0, toFile: item.1, encoding: item.2)
            }
            do {
                for (page, (file, source)) in zip(pages, zip(files, sources)) {
                    let scene = headless.scene(for: page, formatting: formatting, controls: controls)
                    let theme = self.theme ?? page.theme ?? .light, encoding = self.encoding.onto(theme)
                    let request = self.request(for: page, theme: theme)
                    let temp = file.temp
                    try headless.renderFrames(of: scene, request, times: [time ?? scene.restingTime]) { _, image in try queue.push((image, temp, encoding)) }
                    MissingGlyphWarnings().report(headless.frame, source: source)
                }
            } catch {
                queue.abandon(error)
                try? queue.close()
                throw error
            }
            try queue.close()
            for file in files { try file.commit() }
        } catch {
            for file in files { file.abandon() }
            if madeFolder { rmdir(dir) }
            throw error
        }
    }

    func request(for page: Page, theme: Theme, time: Double? = nil) -> FrameRequest {
        var r = FrameRequest(size: size, scale: scale, time: time ?? 0, theme: theme, reduceMotion: reduceMotion,
                             textSize: values.textSize ?? page.textSize ?? .large, background: values.background(for: page))
        r.patterns = values.patterns
        r.still = self.time == nil
        return r
    }

    /// SVG, PDF or `--renderer cairo`: each page drawn with the font system and cairo, no GL
    /// context, into a temporary beside its output (put in place with the others).
    private func runWithoutGL(_ pages: [Page], formatting: Formatting, into files: inout [AtomicOutput]) throws {
        let session = try VectorSession()
        defer { session.close() }
        for (page, (out, source)) in zip(pages, zip(outputs, sources)) {
            let file = try AtomicOutput(out, suffix: encoding.format.fileExtension)
            files.append(file)
            let scene = session.scene(for: page, formatting: formatting, controls: controls)
            let theme = self.theme ?? page.theme ?? .light
            let request = self.request(for: page, theme: theme, time: time ?? scene.restingTime)
            let frame = session.draw(scene, request)
            MissingGlyphWarnings().report(frame, source: source)
            if encoding.format.isVector { UncarriableTextWarnings().report(frame, title: page.documentTitle, source: source) }
            switch encoding.format {
            case .svg: try VectorFile.writeSVG(frame, size: size, title: page.documentTitle, renderer: session.renderer, to: file.temp)
            case .pdf:
                let pdf = try VectorFile.PDF(path: file.temp, firstPage: size, title: page.documentTitle, renderer: session.renderer)
                do { try pdf.add(frame, size: size); try pdf.finish() } catch { pdf.abandon(); throw error }
            default: try StillFile.encode(try session.renderer.image(frame), toFile: file.temp, encoding: encoding.onto(theme))
            }
        }
    }
}
