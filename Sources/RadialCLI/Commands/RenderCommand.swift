import Foundation
import RadialWindow
import RadialRender
import RadialText
import RadialCore
import RadialGL

/// `radial render (FILE | --demo NAME) --out OUT.png ...`: one frame at a time on the fixed-step clock.
struct RenderCommand {
    var source: PageSource
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
    /// The file format (from --format or --out's extension), quality and PNG compression.
    var encoding = StillEncoding(format: .png)

    static let help = """
        Usage: radial render (FILE | - | --demo ebike|scan|pies) --out OUT.png|.jpg|.webp [options]

        Renders one frame offscreen to a PNG, JPEG or WebP.
               radial render FILE... [--demo NAME]... --out-dir DIR [options]
        renders many, in one process, to DIR/NAME.png (.jpg, .webp: --format), each named after its input.
          --out PATH            the image to write, .png, .jpg (.jpeg) or .webp (replaced only when
                                rendering succeeded)
          --size WxH            size in points (default 800x800)
          --at SECONDS|end      animation time on the fixed-step clock (default end: the page at
                                rest, a scan well into its first turn; 0 is the first frame, when
                                charts are about to appear; try 0.45 mid-spring)
          --controls            also draw the window's controls (the radar's Replay button)
          --scale N             pixels per point, 1...4 (default 1; 2 for HiDPI)
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
          --out-dir DIR         with several inputs: one image each, named after its input, in one process
        \(StillArguments.help)
        \(TableArguments.help)
        """

    init(arguments: [String]) throws(UsageError) {
        var list = ArgumentList(arguments, command: "render")
        var demo: String?, out: String?
        var size = Size(800, 800), time: Double?, controls = false, scale = 1.0, theme: Theme?, reduce = DesktopSettings.reduceMotionFromEnvironment
        var geometry: String?, locale: String?, hover: Vec2?, focus: String?, toggles: [String] = [], palette: CategoricalPalette?
        var table = TableArguments(), still = StillArguments()
        try list.parse { (name, value) throws(UsageError) in
            if try table.accept(name, value) { return true }
            if try still.accept(name, value) { return true }
            switch name {
            case "--demo": demo = try value()
            case "--out", "-o": out = try value()
            case "--size": size = try Parse.size(try value(), option: "--size")
            case "--at":
                let v = try value()
                time = v == "end" ? nil : try Parse.number(v, option: "--at", range: 0...86_400)
            case "--controls": controls = true
            case "--scale": scale = try Parse.number(try value(), option: "--scale", range: 1...4)
            case "--theme": theme = try Parse.theme(try value())
            case "--palette": palette = try Parse.palette(try value())
            case "--reduce-motion": reduce = true
            case "--geometry": geometry = try value()
            case "--locale": locale = try Parse.locale(try value())
            case "--hover": hover = try Parse.point(try value(), option: "--hover")
            case "--focus": focus = try value()
            case "--toggle": toggles.append(try value())
            default: return false
            }
            return true
        }
        source = try ArgumentList.source(demo: demo, positionals: list.positionals, command: "render", table: table)
        guard let o = out else { throw UsageError("`radial render` needs --out OUT.png (or .jpg, .webp).") }
        let encoding = try still.encoding(out: o)
        if size.width * scale > 16384 || size.height * scale > 16384 {
            throw UsageError("--size × --scale is larger than 16384 pixels on a side; make one of them smaller.")
        }
        if let why = encoding.problem(size: size, scale: scale) { throw UsageError(why) }
        self.out = o; self.size = size; self.time = time; self.controls = controls; self.scale = scale; self.theme = theme; self.palette = palette
        self.reduceMotion = reduce; self.geometry = geometry; self.locale = locale
        self.hover = hover; self.focus = focus; self.toggles = toggles
        if let p = hover, !(0..<size.width).contains(p.x) || !(0..<size.height).contains(p.y) {
            throw UsageError("--hover \(Int(p.x)),\(Int(p.y)) is outside the \(Int(size.width))x\(Int(size.height)) window.")
        }
        self.encoding = encoding
        if let g = geometry, g == o { throw UsageError("--geometry and --out both name \(o); give them different files.") }
        try InputGuard.check(outputs: [o] + (geometry.map { [$0] } ?? []), sources: [source])
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
        let page = try source.load(palette: palette)
        let formatting = locale.map { Formatting(localeIdentifier: $0) } ?? .fromEnvironment()
        Warnings.report(page, source: source, formatting: formatting)
        let headless = try GraphicsSession.headless(command: "render")
        defer { headless.close() }
        let scene = headless.scene(for: page, formatting: formatting, controls: controls)
        let theme = self.theme ?? page.theme ?? .light
        let request = FrameRequest(size: size, scale: scale, time: self.time ?? scene.restingTime, theme: theme, reduceMotion: reduceMotion)
        try applyInteractions(to: scene, at: request.moment)
        let image = try headless.image(of: scene, request)
        // Geometry first (to a temporary name), so a failure leaves neither file half-written.
        if let g = geometry {
            let json = scene.geometry(request).serialized() + "\n"
            try AtomicFile.write(json, to: g)
        }
        try StillFile.write(image, to: out, encoding: encoding.onto(theme))
    }
}

extension RenderCommand {
    /// Legend toggles (done before the first frame), focus and hover, as a window user would.
    func applyInteractions(to scene: PageScene, at moment: Moment) throws(UsageError) {
        guard hover != nil || focus != nil || !toggles.isEmpty else { return }
        scene.layout(size: size)
        for path in toggles {
            guard let e = scene.element(path: path, moment: .atRest) else { throw Self.noElement(path, option: "--toggle", scene) }
            guard e.actions.contains(.toggle) else {
                throw UsageError("--toggle \(path) names a \(e.role.rawValue), which has nothing to toggle; give a legend entry such as charts[0].legend[0].")
            }
            scene.perform(.toggle, on: ElementRef(chart: e.chart, key: e.key), moment: Moment(time: 0, reduceMotion: true))
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

