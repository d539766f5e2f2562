import Foundation
import RadialWindow
import RadialRender
import RadialText
import RadialCore
import RadialGL

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
    var reduceMotion = DesktopSettings.reduceMotionFromEnvironment
    var locale: String?
    /// One format, quality and PNG compression for every output.
    var encoding = StillEncoding(format: .png)
    /// `--controls`: the window's Replay buttons too (left out by default, as in `render`).
    var controls = false
    /// `--background` and `--renderer`.
    var still = StillArguments()

    /// Whether a `render` command line is a batch (has --out-dir).
    static func wants(_ arguments: [String]) -> Bool {
        arguments.contains { $0 == "--out-dir" || $0.hasPrefix("--out-dir=") }
    }

    init(arguments: [String]) throws(UsageError) {
        var list = ArgumentList(arguments, command: "render")
        var demos: [String] = [], outDir: String?, still = StillArguments()
        var size = Size(800, 800), time: Double?, givenScale: Double?, theme: Theme?, reduce = DesktopSettings.reduceMotionFromEnvironment
        var locale: String?, controls = false
        try list.parse { (name, value) throws(UsageError) in
            if try still.accept(name, value) { return true }
            switch name {
            case "--demo": demos.append(try value())
            case "--out-dir": outDir = try value()
            case "--out", "-o": throw UsageError("Give --out for one image or --out-dir for many, not both.")
            case "--size": size = try Parse.size(try value(), option: "--size")
            case "--at":
                let v = try value()
                time = v == "end" ? nil : try Parse.number(v, option: "--at", range: 0...86_400)
            case "--scale": givenScale = try Parse.number(try value(), option: "--scale", range: 1...4)
            case "--theme": theme = try Parse.theme(try value())
            case "--reduce-motion": reduce = true
            case "--locale": locale = try value()
            case "--controls": controls = true
            case "--geometry": throw UsageError("--geometry is for one render (--out); batch renders write only images.")
            case "--fps", "--from", "--to", "--turns":
                throw UsageError("\(name) is for animations (`radial record`); `radial render` draws one still of each input (choose its moment with --at).")
            default: return false
            }
            return true
        }
        let encoding = try still.encoding(out: nil)
        if encoding.format.isVector, let s = givenScale {
            throw UsageError("--scale \(s == s.rounded() ? String(Int(s)) : String(s)) sets pixels per point; an \(encoding.format.rawValue.uppercased()) has no pixels (its size is --size, in points).")
        }
        let scale = givenScale ?? 1
        guard let dir = outDir, !dir.isEmpty else { throw UsageError("--out-dir needs a folder.") }
        var sources = try demos.map { (d: String) throws(UsageError) -> PageSource in .demo(try Parse.demo(d)) }
        for p in list.positionals {
            guard p != "-" else { throw UsageError("Standard input (-) has no name to name its image after; with --out-dir give files or --demo.") }
            sources.append(.file(p))
        }
        guard !sources.isEmpty else { throw UsageError("`radial render --out-dir` needs chart files or --demo NAME (one or more).") }
        var outputs: [String] = [], seen: [String: String] = [:]
        for s in sources {
            let base: String = switch s {
            case .demo(let d): d.rawValue
            case .file(let p), .table(let p, _, _), .stream(let p): ((p as NSString).lastPathComponent as NSString).deletingPathExtension
            }
            let out = (dir as NSString).appendingPathComponent(base + "." + encoding.format.fileExtension)
            if let other = seen[out] { throw UsageError("\(other) and \(s.name) would both be written to \(out); rename one.") }
            seen[out] = s.name
            outputs.append(out)
        }
        if size.width * scale > 16384 || size.height * scale > 16384 {
            throw UsageError("--size × --scale is larger than 16384 pixels on a side; make one of them smaller.")
        }
        if let why = encoding.problem(size: size, scale: scale) { throw UsageError(why) }
        try InputGuard.check(outputs: outputs, sources: sources)
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) {
            guard isDir.boolValue else { throw UsageError("--out-dir \(dir) is a file; give a folder.") }
            guard access(dir, W_OK) == 0 else { throw UsageError("Cannot write into \(dir) (permission denied).") }
        } else {
            let parent = (dir as NSString).deletingLastPathComponent
            guard parent.isEmpty || FileManager.default.fileExists(atPath: parent, isDirectory: &isDir) && isDir.boolValue else {
                throw UsageError("The folder \(parent) for --out-dir \(dir) does not exist.")
            }
        }
        self.sources = sources; self.outputs = outputs; self.size = size; self.time = time; self.scale = scale
        self.theme = theme; self.reduceMotion = reduce; self.locale = locale; self.encoding = encoding
        self.controls = controls; self.still = still
    }

    func run() throws {
        TemporaryFiles.removeOnSignals()
        // Every input first: a bad file stops the batch before anything is written.
        let pages = try sources.map { try $0.load() }
        for page in pages { try still.check(encoding.format, pageBackground: page.background) }
        let dir = (outputs[0] as NSString).deletingLastPathComponent
        if !FileManager.default.fileExists(atPath: dir) {
            guard mkdir(dir, 0o755) == 0 else { throw UsageError("Could not create \(dir): \(String(cString: strerror(errno))).") }
        }
        let formatting = locale.map { Formatting(localeIdentifier: $0) } ?? .fromEnvironment()
        if encoding.format.isVector || still.renderer == .cairo { return try runWithoutGL(pages, formatting: formatting) }
        let headless = try GraphicsSession.headless(command: "render")
        defer { headless.close() }
        let queue = FrameQueue<(RGBAImage, String, StillEncoding)>()
        queue.start(name: "radial-image-batch") { item in
            try StillFile.write(item.0, to: item.1, encoding: item.2)
        }
        do {
            for (page, out) in zip(pages, outputs) {
                let scene = headless.scene(for: page, formatting: formatting, controls: controls)
                let theme = self.theme ?? page.theme ?? .light, encoding = self.encoding.onto(theme)
                let request = FrameRequest(size: size, scale: scale, theme: theme, reduceMotion: reduceMotion, background: still.background(for: page))
                try headless.renderFrames(of: scene, request, times: [time ?? scene.restingTime]) { _, image in try queue.push((image, out, encoding)) }
            }
        } catch {
            queue.abandon(error)
            try? queue.close()
            throw error
        }
        try queue.close()
    }

    /// SVG, PDF or `--renderer cairo`: each page drawn with the font system and cairo, no GL
    /// context, written one after another (each whole or not at all).
    private func runWithoutGL(_ pages: [Page], formatting: Formatting) throws {
        let session = try VectorSession()
        defer { session.close() }
        for (page, out) in zip(pages, outputs) {
            let scene = session.scene(for: page, formatting: formatting, controls: controls)
            let theme = self.theme ?? page.theme ?? .light
            let request = FrameRequest(size: size, scale: scale, time: time ?? scene.restingTime, theme: theme, reduceMotion: reduceMotion,
                                       background: still.background(for: page))
            let frame = session.draw(scene, request)
            switch encoding.format {
            case .svg: try VectorFile.writeSVG(frame, size: size, title: page.documentTitle, renderer: session.renderer, to: out)
            case .pdf:
                let pdf = try VectorFile.PDF(path: out, firstPage: size, title: page.documentTitle, renderer: session.renderer)
                do { try pdf.add(frame, size: size); try pdf.finish() } catch { pdf.abandon(); throw error }
            default: try StillFile.write(try session.renderer.image(frame), to: out, encoding: encoding.onto(theme))
            }
        }
    }
}
