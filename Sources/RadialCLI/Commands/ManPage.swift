import Foundation
import RadialWindow
import RadialCore

/// radial(1) in roff, made from `CommandTable` and `OptionTable` (`make install` writes it):
/// every command with its usage and the groups it takes, every option once with the commands
/// that take it.
enum ManPage {
    /// Text made safe for roff: backslashes and hyphens escaped, characters past ASCII written
    /// as `\[uXXXX]` (troff reads bytes), no line starting with a control character.
    static func esc(_ s: String) -> String {
        var ascii = ""
        for u in s.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-").unicodeScalars {
            if u.isASCII { ascii.unicodeScalars.append(u) } else { ascii += "\\[u" + String(format: "%04X", u.value) + "]" }
        }
        return ascii.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }.joined(separator: "\n")
    }

    static func roff() -> String {
        let commands = [CommandTable.gallery] + CommandTable.visible
        var out = """
            .TH RADIAL 1 "" "radial \(Radial.version)" "User Commands"
            .SH NAME
            radial \\- animated radial charts on the Linux desktop
            .SH SYNOPSIS
            .nf

            """
        for c in commands { for u in c.usage { out += esc("radial " + u) + "\n" } }
        out += """
            .fi
            .SH DESCRIPTION
            Radial draws radar (spider) charts that grow out on a spring, a radar\\-scan sweep, pie
            and donut charts whose sectors arrive one by one, and the rest of the radial family, with
            OpenGL, in a window, to image, vector and video files, or as a frame\\-time benchmark. Pages
            are JSON files (see the project's docs/spec.md) or CSV and TSV tables; \\- reads standard input.
            .PP
            Chart types: \(esc(Spec.chartTypes.joined(separator: ", "))).
            Built\\-in demos (\\-\\-demo NAME, and the gallery's pages 1\\-\(Demo.allCases.count)): \(esc(Demo.allCases.map(\.rawValue).joined(separator: ", "))).
            .SH COMMANDS

            """
        for c in commands {
            out += ".SS \(esc(c.name == "radial" ? "radial (no command)" : c.name))\n\(esc(c.summary)).\n"
            if !c.about.isEmpty { out += ".PP\n" + esc(c.about.joined(separator: "\n")) + "\n" }
            let groups = OptionGroup.allCases.filter { g in c.options.contains { $0.group == g } && g != .general }
            if !groups.isEmpty {
                out += ".PP\nOptions: " + esc(groups.map { g in
                    g.title + " (" + c.options.filter { $0.group == g }.map(\.name).joined(separator: ", ") + ")"
                }.joined(separator: "; ")) + ".\n"
            }
        }
        out += ".SH OPTIONS\n"
        for group in OptionGroup.allCases {
            let options = OptionTable.options(in: group)
            guard !options.isEmpty else { continue }
            out += ".SS \(esc(group.title))\n"
            for o in options {
                let names = o.spellings.map { "\\fB" + esc($0) + "\\fR" }.joined(separator: ", ")
                out += ".TP\n" + names + (o.value.map { " \\fI" + esc($0.placeholder) + "\\fR" } ?? "") + "\n"
                out += esc(([o.summary] + o.details).joined(separator: " ")) + "\n"
                let takers = commands.filter { $0.takes(o.name) != nil }.map(\.name)
                if !takers.isEmpty && o.group != .general { out += ".br\n(" + esc(takers.joined(separator: ", ")) + ")\n" }
            }
        }
        out += ".SH KEYS IN THE WINDOW\n.TS\nl l.\n"
        for (key, what) in KeyMap.help { out += "\(esc(key))\t\(esc(what))\n" }
        out += ".TE\n"
        out += """
            .SH ENVIRONMENT
            .TP
            .B RADIAL_REDUCE_MOTION=1
            Charts show their final state from the first frame; the sweep stands still.
            .TP
            .B LC_ALL, LC_MONETARY, LC_NUMERIC, LANG
            The locale of numbers and currency, and of a table's decimal mark (\\-\\-locale overrides it).
            .SH EXIT STATUS
            0 on success, 1 for a run\\-time failure (no display, no OpenGL, a file that cannot be written,
            standard output that cannot be written), 2 for bad usage or a bad input (every problem is named
            by its JSON path, or a table's line and column); 128+N when killed by signal N, with no
            temporary file left behind.
            """
        return out
    }
}
