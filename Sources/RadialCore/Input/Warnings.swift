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

/// Characters an SVG or a PDF cannot carry (noncharacters such as U+FFFE, which XML forbids and
/// cairo refuses: `CarriableText`), left out of the file's text: one warning for each, the
/// first time a frame written to such a file has one, naming it and the text it is in:
/// `warning: FILE: U+FFFE is not a character an SVG or PDF can hold (in charts[0] title "a\u{FFFE}b"); it is left out of the file's text`.
package final class UncarriableTextWarnings {
    private var reported: Set<Unicode.Scalar> = []
    package init() {}

    /// The warnings (without the `warning: FILE: ` prefix) for what `frame`'s labels (and the
    /// document's `title`) hold that a vector file drops, not reported before.
    package func lines(_ frame: Frame, title: String? = nil) -> [String] {
        var out: [String] = []
        func check(_ text: String, _ place: String) {
            let new = CarriableText.dropped(from: text).filter { reported.insert($0).inserted }
            guard !new.isEmpty else { return }
            let names = new.map { "U+" + String($0.value, radix: 16, uppercase: true).leftPadded(to: 4) }
            let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
            // The text as a JSON string, each character left out written as its escape (a
            // noncharacter shows as nothing in a terminal).
            let cut = text.count > 60 ? String(text.prefix(59)) + "…" : text
            let shown = "\"" + cut.unicodeScalars.map { CarriableText.carries($0) ? String($0) : "\\u" + String($0.value, radix: 16, uppercase: true) }.joined() + "\""
            out.append("\(list) \(names.count == 1 ? "is not a character" : "are not characters") an SVG or PDF can hold (in \(place) \(shown)); "
                       + "\(names.count == 1 ? "it is" : "they are") left out of the file's text")
        }
        for label in frame.labels { check(label.text, (label.chart.map { "charts[\($0)] " } ?? "page ") + label.role.rawValue) }
        if let title { check(title, "the document's title") }
        return out
    }

    /// Writes `lines(frame, title:)` to stderr, each as `warning: SOURCE: …`.
    package func report(_ frame: Frame, title: String? = nil, source: PageSource) {
        let lines = lines(frame, title: title)
        guard !lines.isEmpty else { return }
        StandardStreams.err(lines.map { "warning: \(source.name): \($0)\n" }.joined())
    }
}

private extension String {
    func leftPadded(to n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
