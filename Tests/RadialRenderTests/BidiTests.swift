import Testing
import RadialCore
@testable import RadialText

/// Right-to-left text through FriBidi and HarfBuzz with the fonts the project installs: the
/// glyphs of a shaped line come out left to right on the screen, so reading order is checked
/// by comparing each glyph's x with the text offset (cluster) it sets.
@Suite("Bidirectional text")
struct BidiTests {
    let fonts: FontSystem
    init() throws { fonts = try FontSystem() }

    /// The clusters (UTF-8 offsets) of `text`'s glyphs from left to right on the screen.
    private func screenOrder(_ text: String) -> [Int] {
        fonts.shape(text, weight: .regular).glyphs.sorted { $0.x < $1.x }.map { Int($0.cluster) }
    }

    /// The UTF-8 offset of each character of `text`.
    private func offsets(_ text: String) -> [Int] {
        var out: [Int] = [], o = 0
        for s in text.unicodeScalars { out.append(o); o += UTF8.width(s) }
        return out
    }

    @Test("Arabic-Indic digits read left to right, as every number does: ١٢٣٤٥ is twelve thousand three hundred and forty-five")
    func arabicDigits() {
        let text = "١٢٣٤٥"
        #expect(screenOrder(text) == offsets(text))
        // On their own and inside Arabic words alike.
        let phrase = "العدد ١٢٣٤٥ هنا"
        let digits = offsets(phrase).filter { o in
            let i = phrase.utf8.index(phrase.utf8.startIndex, offsetBy: o)
            return ("\u{0660}"..."\u{0669}").contains(String(phrase[i...].unicodeScalars.first!))
        }
        let order = screenOrder(phrase).filter(digits.contains)
        #expect(order == digits, "digits in \(order)")
        // The words around them run right to left: the first letter is the rightmost glyph.
        #expect(screenOrder(phrase).last == 0)
    }

    @Test("A Hebrew question reads right to left with its question mark at the left end")
    func hebrewQuestion() {
        let text = "איזה אופניים?"
        let order = screenOrder(text)
        #expect(order.last == 0, "the first letter א is the rightmost glyph: \(order)")
        #expect(order.first == offsets(text).last, "the ? is the leftmost glyph: \(order)")
        // Letters run right to left: the clusters fall from left to right.
        #expect(order == order.sorted(by: >), "\(order)")
    }

    @Test("Brackets in right-to-left text are mirrored: the logical ( of a Hebrew aside draws as )")
    func mirroredBrackets() throws {
        let open = try #require(fonts.shape("(", weight: .regular).glyphs.first).glyph
        let close = try #require(fonts.shape(")", weight: .regular).glyphs.first).glyph
        let text = "שלום (עולם)"
        let line = fonts.shape(text, weight: .regular)
        let at = Array(text.utf8).firstIndex(of: UInt8(ascii: "("))!
        let g = try #require(line.glyphs.first { Int($0.cluster) == at })
        #expect(g.glyph == close && g.glyph != open)
    }

    @Test("A total formatted for ar_EG keeps its digits in order: 2,434 euros never reads as 434,2")
    func arabicLocaleTotal() {
        let text = Formatting(localeIdentifier: "ar_EG").currency(2434, code: "EUR")
        let digitOffsets = offsets(text).filter { o in
            let i = text.utf8.index(text.utf8.startIndex, offsetBy: o)
            let s = text[i...].unicodeScalars.first!
            return (0x0660...0x0669).contains(s.value) || (0x30...0x39).contains(s.value)
        }
        #expect(digitOffsets.count >= 4, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(screenOrder(text).filter(digitOffsets.contains) == digitOffsets, "\(text)")
    }

    @Test("Left-to-right text is shaped exactly as before: one scan, no bidi pass, levels nil")
    func latinUnchanged() {
        #expect(FontSystem.bidiLevels("Statistics & probability (theory) 1,234.5 €") == nil)
        #expect(FontSystem.bidiLevels("Tax Return. 日本語") == nil)
        #expect(FontSystem.bidiLevels("שלום") == [1, 1, 1, 1])
        let text = "Speed (km/h)"
        #expect(screenOrder(text) == offsets(text))
    }

    @Test("Runs are set in visual order by rule L2", arguments: [
        ([0, 1, 1, 0] as [UInt8], [0, 2, 1, 3]),
        ([1, 2, 1] as [UInt8], [2, 1, 0]),
        ([1, 2, 2, 1, 0] as [UInt8], [3, 1, 2, 0, 4]),
        ([0, 0] as [UInt8], [0, 1]),
    ])
    func visualOrder(levels: [UInt8], expected: [Int]) {
        #expect(FontSystem.visualOrder(levels) == expected)
    }
}
