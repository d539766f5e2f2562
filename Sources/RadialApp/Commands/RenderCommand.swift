import Foundation
import RadialCore
import RadialGL

/// `radial render (FILE | --demo NAME) --out OUT.png ...`: one frame at a time on the fixed-step clock.
struct RenderCommand {
    var source: PageSource
    var out: String
    var size = Size(800, 800)
    var time = 0.0
    var scale = 1.0
    var theme: Theme?
    var reduceMotion = DesktopSettings.reduceMotionFromEnvironment
    var geometry: String?
    var locale: String?
    var compression = PNGFile.Compression.fast
    var showsControls = true

    static let help = """
        Usage: radial render (FILE | - | --demo ebike|scan|pies) --out OUT.png [options]

        Renders one frame offscreen to a PNG.
               radial render FILE... [--demo NAME]... --out-dir DIR [options]
        renders many, in one process, to DIR/NAME.png (each named after its input).
          --out PATH            the PNG to write (replaced only when rendering succeeded)
          --size WxH            size in points (default 800x800)
          --at SECONDS          animation time on the fixed-step clock (default 0; at 0 charts are
                                about to appear, try 0.45 mid-spring, 5 settled)
          --scale N             pixels per point, 1...4 (default 1; 2 for HiDPI)
          --theme light|dark    override the page's theme
          --reduce-motion       final state from the first frame, no sweep (also RADIAL_REDUCE_MOTION=1)
          --geometry PATH       also write what was drawn, in pixels, as JSON
          --locale ID           locale for numbers and currency, e.g. en_US, de_DE (default: LC_ALL/LC_MONETARY/LANG)
          --compress fast|best  PNG size against time: fast (default; zlib level 1, no filter) or best
          --no-controls         leave out the window's controls (the Replay button), as record does
          --format png          with --out-dir (jpg and webp are not built in)
        """

    init(arguments: [String]) throws(UsageError) {
        var list = ArgumentList(arguments, command: "render")
        var demo: String?, out: String?
        var size = Size(800, 800), time = 0.0, scale = 1.0, theme: Theme?, reduce = DesktopSettings.reduceMotionFromEnvironment
        var geometry: String?, locale: String?, compression = PNGFile.Compression.fast, controls = true
        try list.parse { (name, value) throws(UsageError) in
            switch name {
            case "--demo": demo = try value()
            case "--out", "-o": out = try value()
            case "--size": size = try Parse.size(try value(), option: "--size")
            case "--at": time = try Parse.number(try value(), option: "--at", range: 0...86_400)
            case "--scale": scale = try Parse.number(try value(), option: "--scale", range: 1...4)
            case "--theme": theme = try Parse.theme(try value())
            case "--reduce-motion": reduce = true
            case "--geometry": geometry = try value()
            case "--locale": locale = try value()
            case "--compress": compression = try Parse.compression(try value())
            case "--no-controls": controls = false
            default: return false
            }
            return true
        }
        source = try ArgumentList.source(demo: demo, positionals: list.positionals, command: "render")
        guard let o = out else { throw UsageError("`radial render` needs --out OUT.png.") }
        guard o.lowercased().hasSuffix(".png") else { throw UsageError("--out should name a .png file; got \(o).") }
        if size.width * scale > 16384 || size.height * scale > 16384 {
            throw UsageError("--size × --scale is larger than 16384 pixels on a side; make one of them smaller.")
        }
        self.out = o; self.size = size; self.time = time; self.scale = scale; self.theme = theme
        self.reduceMotion = reduce; self.geometry = geometry; self.locale = locale
        self.compression = compression; self.showsControls = controls
        for path in [o] + (geometry.map { [$0] } ?? []) {
            let dir = (path as NSString).deletingLastPathComponent
            var isDir: ObjCBool = false
            if !dir.isEmpty && !(FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) && isDir.boolValue) {
                throw UsageError("The folder \(dir) for \(path) does not exist.")
            }
        }
    }

    func run() throws {
        let page = try source.load()
        let formatting = locale.map { Formatting(localeIdentifier: $0) } ?? .fromEnvironment()
        let headless = try HeadlessRenderer(command: "render")
        defer { headless.close() }
        let scene = headless.scene(for: page, formatting: formatting)
        scene.showsControls = showsControls
        let theme = self.theme ?? page.theme ?? .light
        let image = try headless.image(of: scene, size: size, scale: scale, time: time, theme: theme, reduceMotion: reduceMotion)
        // Geometry first (to a temporary name), so a failure leaves neither file half-written.
        if let g = geometry {
            let json = scene.geometry(size: size, scale: scale, time: time, theme: theme, reduceMotion: reduceMotion).serialized() + "\n"
            try AtomicFile.write(json, to: g)
        }
        try PNGFile.write(image, to: out, compression: compression)
    }
}

/// Writes a file whole or not at all: a temporary beside it, renamed over it when complete.
enum AtomicFile {
    static func write(_ text: String, to path: String) throws(UsageError) {
        let url = URL(fileURLWithPath: path)
        do { try Data(text.utf8).write(to: url, options: .atomic) } catch {
            throw UsageError("Could not write \(path): \(error.localizedDescription)")
        }
    }
}
