import Foundation
import RadialWindow
import RadialRender
import RadialGL
import RadialText
import RadialCore

/// radial(1) in roff, made from the same help texts as `--help` (`make install` writes it).
enum ManPage {
    static func roff() -> String {
        func esc(_ s: String) -> String {
            s.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
                .split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }.joined(separator: "\n")
        }
        var out = """
            .TH RADIAL 1 "" "radial \(Radial.version)" "User Commands"
            .SH NAME
            radial \\- animated radar, scan and pie charts on the Linux desktop
            .SH SYNOPSIS
            .nf
            \(esc(RadialCommand.help.components(separatedBy: "Usage:\n").last?.components(separatedBy: "\n\n").first ?? ""))
            .fi
            .SH DESCRIPTION
            Radial draws radar (spider) charts that grow out on a spring, a radar\\-scan sweep, and pie
            and donut charts whose sectors arrive one by one, with OpenGL, in a window, to PNG files,
            or as a frame\\-time benchmark. Chart files are JSON (see the project's docs/spec.md).
            .SH OPTIONS
            Without a command, radial opens the gallery of built\\-in demos:
            .nf
            \(esc(RadialCommand.galleryHelp))
              \\-\\-help, \\-h            the general help (radial help COMMAND: a command's)
              \\-\\-version             the version
            .fi

            """
        out += ".SH COMMANDS\n"
        for c in RadialCommand.commands {
            out += ".SS \(c.name)\n\(esc(c.summary)).\n.nf\n\(esc(c.help))\n.fi\n"
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
            .B LC_ALL, LC_MONETARY, LANG
            The locale of numbers and currency (\\-\\-locale overrides it).
            .SH EXIT STATUS
            0 on success, 1 for a run\\-time failure (no display, no OpenGL, a file that cannot be written),
            2 for bad usage or a bad chart file (every problem is named by its JSON path).
            """
        return out
    }
}
