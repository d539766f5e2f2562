import Foundation
import RadialCore

/// The `radial` command line: parses, dispatches, and turns every failure into one clear
/// sentence on stderr with exit code 2 (bad arguments or input) or 1 (run-time failure).
public enum RadialCommand {
    public static let version = "0.1.0"

    static let help = """
        radial \(version): animated radial charts (radar, scan sweep, pie and donut) with OpenGL.

        Usage:
          radial                          the built-in gallery in a window (ebike, scan, pies)
          radial show FILE.json...        your charts in a window; reloads when a file changes
          radial render (FILE | --demo NAME) --out OUT.png [--size 800x800] [--at SECONDS]
                        [--scale 1] [--theme light|dark] [--reduce-motion] [--geometry OUT.json]
          radial render FILE... [--demo NAME]... --out-dir DIR   many PNGs in one process
          radial record (FILE | --demo NAME) --out OUT.mp4|.webm|.gif|.webp|.apng|DIR [--fps 60]
                        [--from S] [--to S | --turns N] [--size WxH] [--quality Q]
          radial bench (FILE | --demo NAME | --scene floor) [--frames N] [--size WxH] [--json OUT.json]
          radial describe (FILE | --demo NAME)    the accessibility text on stdout
          radial --help | --version

        FILE may be - for standard input. `radial COMMAND --help` tells more.
        In the window press H for the keys.
        """

    public static func main(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        exit(run(arguments))
    }

    /// Runs a command line and returns the exit code.
    public static func run(_ arguments: [String]) -> Int32 {
        do {
            try dispatch(arguments)
            return 0
        } catch let e as UsageError {
            FileHandle.standardError.write(Data(("radial: " + e.description + "\n").utf8))
            return 2
        } catch {
            FileHandle.standardError.write(Data(("radial: \(error)\n").utf8))
            return 1
        }
    }

    static func dispatch(_ arguments: [String]) throws {
        guard let first = arguments.first else { return try GalleryApp(sources: Demo.allCases.map { .demo($0) }, options: .init()).run() }
        let rest = Array(arguments.dropFirst())
        let wantsHelp = rest.contains("--help") || rest.contains("-h")
        switch first {
        case "--help", "-h", "help": print(help)
        case "--version": print("radial \(version)")
        case "render":
            if wantsHelp { print(RenderCommand.help); return }
            if BatchRender.wants(rest) { return try BatchRender(arguments: rest).run() }
            try RenderCommand(arguments: rest).run()
        case "record":
            if wantsHelp { print(RecordCommand.help); return }
            try RecordCommand(arguments: rest).run()
        case "describe":
            if wantsHelp { print(DescribeCommand.help); return }
            try DescribeCommand(arguments: rest).run()
        case "show":
            if wantsHelp { print(GalleryApp.showHelp); return }
            let (sources, options) = try GalleryApp.parseShow(rest)
            try GalleryApp(sources: sources, options: options).run()
        case "bench":
            if wantsHelp { print(BenchCommand.help); return }
            try BenchCommand(arguments: rest).run()
        case "gallery":
            let (_, options) = try GalleryApp.parseShow(rest, allowEmpty: true)
            try GalleryApp(sources: Demo.allCases.map { .demo($0) }, options: options).run()
        default:
            if first.hasPrefix("-") {
                let (_, options) = try GalleryApp.parseShow(arguments, allowEmpty: true)
                return try GalleryApp(sources: Demo.allCases.map { .demo($0) }, options: options).run()
            }
            throw UsageError("There is no command \"\(first)\"; the commands are show, render, record, bench, describe (see radial --help).")
        }
    }
}

/// `radial describe`: what a screen reader would say.
struct DescribeCommand {
    var source: PageSource
    var locale: String?
    static let help = """
        Usage: radial describe (FILE | - | --demo ebike|scan|pies) [--locale ID]

        Prints the accessibility text of the charts: what VoiceOver says in the seeds.
        """

    init(arguments: [String]) throws(UsageError) {
        var list = ArgumentList(arguments, command: "describe")
        var demo: String?, locale: String?
        try list.parse { (name, value) throws(UsageError) in
            switch name {
            case "--demo": demo = try value()
            case "--locale": locale = try value()
            default: return false
            }
            return true
        }
        source = try ArgumentList.source(demo: demo, positionals: list.positionals, command: "describe")
        self.locale = locale
    }

    func run() throws {
        let page = try source.load()
        let formatting = locale.map { Formatting(localeIdentifier: $0) } ?? .fromEnvironment()
        print(Descriptions.describe(page, formatting: formatting))
    }
}
