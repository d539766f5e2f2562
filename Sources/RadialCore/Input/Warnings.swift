import Foundation

/// Things in a valid page worth knowing but not refusing it for (a value outside its axis'
/// range): one line each on stderr, `warning: FILE: PATH: …`; the exit code is unchanged.
package enum Warnings {
    package static func report(_ page: Page, source: PageSource, formatting: Formatting) {
        let lines = Descriptions.warnings(page, formatting: formatting)
        guard !lines.isEmpty else { return }
        let text = lines.map { "warning: \(source.name): \($0)\n" }.joined()
        StandardStreams.err(text)   // a closed or full stderr drops them; the work goes on
    }
}

/// Characters no installed font has (drawn as hollow boxes): one warning each on stderr, the
/// first time a frame draws one, naming it and the text it is in:
/// `warning: FILE: no installed font has U+10FFFD (in charts[0] axis-label "Prix 􏿽"); it is drawn as a box`.
/// The font system finds them while shaping (`ShapedLine.missing`); a command or the window
/// hands each frame it draws to `report`, which says nothing about a character twice.
package final class MissingGlyphWarnings {
    private var reported: Set<Unicode.Scalar> = []
    package init() {}

    /// The warnings (without the `warning: FILE: ` prefix) for the characters `frame`'s labels
    /// miss that were not reported before; they count as reported from now on.
    package func lines(_ frame: Frame) -> [String] {
        var out: [String] = []
        for label in frame.labels {
            var new: [Unicode.Scalar] = []
            for r in label.runs where r < frame.texts.count {
                for s in frame.texts[r].line.missing where !reported.contains(s) {
                    reported.insert(s)
                    new.append(s)
                }
            }
            guard !new.isEmpty else { continue }
            let names = new.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
            let place = (label.chart.map { "charts[\($0)] " } ?? "page ") + label.role.rawValue
            let text = label.text.count > 60 ? String(label.text.prefix(59)) + "…" : label.text
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
            out.append("no installed font has \(list) (in \(place) \"\(text)\"); \(names.count == 1 ? "it is" : "they are") drawn as a box")
        }
        return out
    }

    /// Writes `lines(frame)` to stderr, each as `warning: SOURCE: …`.
    package func report(_ frame: Frame, source: PageSource) {
        // Most frames miss nothing: look before building anything.
        guard frame.texts.contains(where: { !$0.line.missing.isEmpty }) else { return }
        let lines = lines(frame)
        guard !lines.isEmpty else { return }
        StandardStreams.err(lines.map { "warning: \(source.name): \($0)\n" }.joined())
    }
}

private extension String {
    func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
