import Foundation
import RadialCore

/// `radial --help` and `radial help COMMAND`, made from `CommandTable` and `OptionTable`.
enum HelpText {
    /// The column option summaries start in.
    static let column = 24

    static func general() -> String {
        var lines = ["radial \(Radial.version): animated radial charts (" + Spec.chartTypes.joined(separator: ", ") + ") with OpenGL.", "", "Usage:"]
        for c in [CommandTable.gallery] + CommandTable.visible {
            for u in c.usage { lines.append("  radial " + (c.name == "radial" ? u : u)) }
        }
        lines += ["", "Commands:"]
        for c in CommandTable.visible { lines.append("  " + c.name.padding(toLength: 13, withPad: " ", startingAt: 0) + c.summary) }
        lines += ["", "Demos (--demo NAME; the gallery's pages 1-\(Demo.allCases.count)): " + Demo.allCases.map(\.rawValue).joined(separator: ", ") + ".",
                  "FILE is a .json page (docs/spec.md), a .csv or .tsv table (with --type), or - for standard input.",
                  "`radial help COMMAND` (or `radial COMMAND --help`) lists a command's options.",
                  "In the window press H for the keys."]
        return lines.joined(separator: "\n")
    }

    static func command(_ c: CommandSpec) -> String {
        var lines: [String] = []
        for (i, u) in c.usage.enumerated() { lines.append((i == 0 ? "Usage: radial " : "       radial ") + (c.name == "radial" ? u : u)) }
        if !c.about.isEmpty { lines += [""] + c.about }
        for group in OptionGroup.allCases {
            let options = c.options.filter { $0.group == group }
            guard !options.isEmpty else { continue }
            lines += ["", group.title + ":"]
            for o in options { lines += optionLines(o) }
        }
        return lines.joined(separator: "\n")
    }

    /// `  --theme light|dark|high-contrast` and its help at `column` (on the next line when the
    /// name is too long), wrapped at `width` columns.
    static func optionLines(_ o: Option) -> [String] {
        let head = "  " + o.spellings.joined(separator: ", ") + (o.value.map { " " + $0.placeholder } ?? "")
        let pad = String(repeating: " ", count: column)
        let text = wrap(([o.summary] + o.details).joined(separator: " "), width: width - column)
        if head.count <= column - 2 {
            return [head.padding(toLength: column, withPad: " ", startingAt: 0) + text[0]] + text.dropFirst().map { pad + $0 }
        }
        return [head] + text.map { pad + $0 }
    }

    /// The width help is wrapped to.
    static let width = 100

    /// `text` in lines of at most `width` characters, broken between words.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + [line]
    }
}
