import Foundation
import RadialWindow
import RadialRender
import RadialGL
import RadialText
import RadialCore

/// One `radial` command: its name, a one-line summary and its help text, whose option lines
/// (`  --out PATH   the PNG to write`) are where suggestions, completions and the man page read
/// the options from.
struct CommandInfo {
    var name: String
    var summary: String
    var help: String

    /// An option as its help line gives it.
    struct Option: Equatable {
        var name: String
        /// The value's placeholder (`PATH`, `WxH`), or nil for a switch.
        var value: String?
        var summary: String
        /// `light|dark` spelled out: the values the option takes.
        var choices: [String] { value.map { $0.contains("|") ? $0.split(separator: "|").map(String.init) : [] } ?? [] }
    }

    /// Every option line of a help text: two spaces or more, then `--name` (and `, -x`
    /// aliases), an optional value, two spaces or more, the summary.
    static func parseOptions(in help: String) -> [Option] {
        var out: [Option] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("-"), line.count - trimmed.count >= 2 else { continue }
            // Split off the summary at the first run of two spaces.
            let text = String(trimmed)
            let head: String, summary: String
            if let r = text.range(of: "  ") {
                head = String(text[..<r.lowerBound]); summary = text[r.upperBound...].trimmingCharacters(in: .whitespaces)
            } else { head = text; summary = "" }
            // "--json PATH, --csv PATH" names two options; "--help, -h" one with an alias.
            for part in head.components(separatedBy: ", ") {
                let words = part.split(separator: " ").map(String.init)
                guard let name = words.first, name.hasPrefix("-") else { continue }
                out.append(Option(name: name, value: words.count > 1 ? words[1] : nil, summary: summary))
            }
        }
        return out
    }

    static func options(in help: String) -> [String] { parseOptions(in: help).map(\.name) }
    var options: [Option] { Self.parseOptions(in: help) }
}
