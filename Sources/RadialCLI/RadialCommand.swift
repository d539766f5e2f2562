import Foundation
import RadialWindow
import RadialRender
import RadialGL
import RadialText
import RadialCore

/// The `radial` command line: parses, dispatches, and turns every failure into one clear
/// sentence on stderr with exit code 2 (bad arguments or input) or 1 (run-time failure).
public enum RadialCommand {
    public static let version = Radial.version

    static let help = """
        radial \(version): animated radial charts (radar, scan sweep, pie and donut) with OpenGL.

        Usage:
          radial [--size WxH] [--theme light|dark] [--reduce-motion] [--locale ID]
                                          the built-in gallery in a window (ebike, scan, pies)
          radial show FILE.json...        your charts in a window; reloads when a file changes
          radial render (FILE | --demo NAME) --out OUT.png [--size 800x800] [--at SECONDS]
                        [--scale 1] [--theme light|dark|high-contrast] [--palette system|okabe-ito]
                        [--reduce-motion] [--geometry OUT.json]
          radial render FILE... [--demo NAME]... --out-dir DIR   many PNGs in one process
          radial record (FILE | --demo NAME) --out OUT.mp4|.webm|.gif|.webp|.apng|DIR [--fps 60]
                        [--from S] [--to S | --turns N] [--size WxH] [--quality Q]
          radial bench (FILE | --demo NAME | --scene floor) [--frames N] [--size WxH] [--json OUT.json]
          radial describe (FILE | --demo NAME)    the accessibility text on stdout
          radial completions bash|zsh     shell completions (`make install` installs them)
          radial help [COMMAND] | --help | --version

        FILE may be - for standard input. `radial help COMMAND` (or `radial COMMAND --help`) tells more.
        In the window press H for the keys.
        """

    /// Every command once: the top-level help, `radial help COMMAND`, suggestions for mistyped
    /// commands and options, the shell completions and the man page are all made from this table
    /// and the commands' own help texts.
    static var commands: [CommandInfo] {
        [
            CommandInfo(name: "show", summary: "your charts in a window; reloads when a file changes", help: ShowArguments.help),
            CommandInfo(name: "render", summary: "one frame offscreen to a PNG, JPEG or WebP", help: RenderCommand.help),
            CommandInfo(name: "record", summary: "the animation to MP4, WebM, GIF, WebP, APNG or numbered PNGs", help: RecordCommand.help),
            CommandInfo(name: "bench", summary: "frame times against the machine's floor", help: BenchCommand.help),
            CommandInfo(name: "describe", summary: "the accessibility text on stdout", help: DescribeCommand.help),
            CommandInfo(name: "listen", summary: "the charts as sound: an audio graph to WAV, Ogg or MP3", help: ListenCommand.help),
            CommandInfo(name: "completions", summary: "shell completions for bash or zsh", help: Completions.help),
            CommandInfo(name: "help", summary: "this help, or a command's", help: "Usage: radial help [COMMAND]\n\nPrints the help of COMMAND, or the general help."),
        ]
    }

    /// The gallery's own options (`radial --theme dark`), and the two that stand alone.
    static let galleryHelp = """
          --size WxH            window size in points (default: 760x900, shrunk to fit the screen)
          --theme light|dark|high-contrast
                                override the page's theme (the window follows GNOME's high-contrast setting)
          --palette system|okabe-ito
                                the categorical colors of series and sectors a file leaves uncolored
          --reduce-motion       final state from the first frame, no sweep (also RADIAL_REDUCE_MOTION=1)
          --locale ID           locale for numbers and currency, e.g. en_US, de_DE
        """

    /// The options of `command`, read from its help text (`radial` alone: the gallery's).
    static func options(of command: String) -> [String] {
        if command == "radial" { return CommandInfo.options(in: galleryHelp) + ["--help", "-h", "--version"] }
        return CommandInfo.options(in: commands.first { $0.name == command }?.help ?? "")
    }

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
        case "--help", "-h": print(help)
        case "help":
            guard let name = rest.first else { print(help); return }
            if name == "show" || name == "gallery" { print(ShowArguments.help); return }
            guard let c = commands.first(where: { $0.name == name }) else { throw unknownCommand(name) }
            print(c.help)
        case "completions":
            if wantsHelp { print(Completions.help); return }
            print(try Completions.script(for: rest))
        case "manpage":   // for `make install`; not in the help
            print(ManPage.roff())
        case "--version": print("radial \(version)")
        case "render":
            if wantsHelp { print(RenderCommand.help); return }
            if BatchRender.wants(rest) { return try BatchRender(arguments: rest).run() }
            try RenderCommand(arguments: rest).run()
        case "record":
            if wantsHelp { print(RecordCommand.help); return }
            try RecordCommand(arguments: rest).run()
        case "listen":
            if wantsHelp { print(ListenCommand.help); return }
            try ListenCommand(arguments: rest).run()
        case "describe":
            if wantsHelp { print(DescribeCommand.help); return }
            try DescribeCommand(arguments: rest).run()
        case "show":
            if wantsHelp { print(ShowArguments.help); return }
            let (sources, options) = try ShowArguments.parse(rest)
            try GalleryApp(sources: sources, options: options).run()
        case "bench":
            if rest.contains("--startup") {
                if wantsHelp { print(StartupBench.help); return }
                return try StartupBench(arguments: rest).run()
            }
            if wantsHelp { print(BenchCommand.help); return }
            try BenchCommand(arguments: rest).run()
        case "__bare":   // `bench --startup`'s reference program
            try StartupBench.bare(rest.first ?? "")
        case "gallery":
            let (_, options) = try ShowArguments.parse(rest, allowEmpty: true)
            try GalleryApp(sources: Demo.allCases.map { .demo($0) }, options: options).run()
        default:
            if first.hasPrefix("-") {
                let (_, options) = try ShowArguments.parse(arguments, allowEmpty: true, command: "radial")
                return try GalleryApp(sources: Demo.allCases.map { .demo($0) }, options: options).run()
            }
            // `radial examples/pies.json` means `radial show examples/pies.json`.
            if first.hasSuffix(".json") || FileManager.default.fileExists(atPath: first) {
                let (sources, options) = try ShowArguments.parse(arguments)
                return try GalleryApp(sources: sources, options: options).run()
            }
            throw unknownCommand(first)
        }
    }

    static func unknownCommand(_ name: String) -> UsageError {
        let names = commands.map(\.name)
        let near = Spec.suggestion(for: name, among: names).map { "; did you mean `radial \($0)`?" } ?? "; the commands are \(names.joined(separator: ", ")) (see radial --help)."
        return UsageError("There is no command \"\(name)\"" + near)
    }
}

/// `radial describe`: what a screen reader would say.
struct DescribeCommand {
    var source: PageSource
    var locale: String?
    static let help = """
        Usage: radial describe (FILE | - | --demo ebike|scan|pies) [options]

        Prints the accessibility text of the charts: what VoiceOver says in the seeds.
          --demo NAME           a built-in page: ebike, scan or pies
          --locale ID           locale for numbers and currency, e.g. en_US, de_DE
        """

    init(arguments: [String]) throws(UsageError) {
        var list = ArgumentList(arguments, command: "describe")
        var demo: String?, locale: String?
        try list.parse { (name, value) throws(UsageError) in
            switch name {
            case "--demo": demo = try value()
            case "--locale": locale = try Parse.locale(try value())
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
