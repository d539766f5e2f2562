import Foundation
import RadialCore
import RadialWindow

/// `radial show` and the gallery's options.
enum ShowArguments {
    static let help = """
        Usage: radial show FILE.json... [options]

        Opens the charts of each FILE as a page of a window (switch with 1–9 or Page Up/Down) and reloads a
        page when its file changes: valid edits animate to the new data, invalid ones keep the last
        good chart and show what is wrong. Press H in the window for the keys.
        \(RadialCommand.galleryHelp)
        """

    static func parse(_ args: [String], allowEmpty: Bool = false, command: String = "show") throws(UsageError) -> ([PageSource], GalleryOptions) {
        var list = ArgumentList(args, command: command)
        var options = GalleryOptions()
        var table = TableArguments()
        try list.parse { (name, value) throws(UsageError) in
            if try table.accept(name, value) { return true }
            switch name {
            case "--theme": options.theme = try Parse.theme(try value())
            case "--palette": options.palette = try Parse.palette(try value())
            case "--reduce-motion": options.reduceMotion = true
            case "--size": options.size = try Parse.size(try value(), option: "--size")
            case "--locale": options.locale = try Parse.locale(try value())
            default: return false
            }
            return true
        }
        if list.positionals.isEmpty && !allowEmpty { throw UsageError("`radial show` needs at least one chart file (or - for standard input).") }
        guard list.positionals.count <= 9 || allowEmpty else { throw UsageError("`radial show` takes at most 9 files (keys 1–9 switch pages).") }
        var sources: [PageSource] = []
        for p in list.positionals { sources.append(table.type == nil && (p == "-" || StreamReader.isFIFO(p)) ? .stream(p) : try table.source(p)) }
        return (sources, options)
    }
}
