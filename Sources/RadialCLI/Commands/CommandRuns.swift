import Foundation
import RadialCore
import RadialRender
import RadialWindow

/// What each command of `CommandTable` does: the one place the command line meets the window,
/// the renderer and the encoders (the table and the parser need only RadialCore).
extension CommandSpec {
    /// Runs the command with its parsed options and operands.
    func run(_ values: OptionValues, _ operands: [String]) throws {
        switch name {
        case "radial", "gallery":
            try GalleryApp(sources: Demo.allCases.map { .demo($0) }, options: values.galleryOptions).run()
        case "show":
            try GalleryApp(sources: try ShowArguments.sources(values, operands), options: values.galleryOptions).run()
        case "render":
            if values.outDir != nil { try BatchRender(values, operands).run() } else { try RenderCommand(values, operands).run() }
        case "record":
            try RecordCommand(values, operands).run()
        case "bench":
            if values.startup { try StartupBench(values, operands).run() } else if values.stream { try StreamBench(values, operands).run() } else { try BenchCommand(values, operands).run() }
        case "describe":
            try DescribeCommand(values, operands).run()
        case "listen":
            try ListenCommand(values, operands).run()
        case "completions":
            try StandardStreams.line(try Completions.script(for: operands))
        case "help":
            guard let name = operands.first else { return try StandardStreams.line(HelpText.general()) }
            guard operands.count == 1 else { throw UsageError("`radial help` takes one command; got \(operands.count).") }
            guard let c = CommandTable.named(name), !c.hidden || name == "gallery" else { throw CommandTable.unknownCommand(name) }
            try StandardStreams.line(HelpText.command(c))
        case "manpage":
            try StandardStreams.line(ManPage.roff())
        case "__bare":
            try StartupBench.bare(operands.first ?? "")
        default:
            preconditionFailure("CommandTable names \(name) but CommandRuns does not run it")
        }
    }
}

extension OptionValues {
    /// The window's options.
    var galleryOptions: GalleryOptions {
        var o = GalleryOptions()
        o.theme = theme; o.palette = palette; o.size = size; o.locale = locale; o.textSize = textSize; o.legend = legend
        o.frameTime = frameTime; o.compactNumbers = compactNumbers; o.patterns = patterns; o.asType = asType
        if reduceMotion { o.reduceMotion = true }
        return o
    }

    /// `--reduce-motion`, else the environment's (`RADIAL_REDUCE_MOTION=1`; headless commands
    /// ignore the desktop's setting).
    var reduceMotionOrEnvironment: Bool { reduceMotion || DesktopSettings.reduceMotionFromEnvironment }

    /// `--compress` as libpng's settings.
    var pngCompression: PNGFile.Compression? { compression.map { $0 == .best ? .best : .fast } }
}
