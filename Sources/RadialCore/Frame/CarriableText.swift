/// Text every output format can carry (issue #34). A spec file may hold any Unicode scalar but
/// the controls, and Unicode's noncharacters (U+FFFE, U+FFFF, U+FDD0…U+FDEF, the last two of
/// every plane) are among them: XML 1.0's `Char` production forbids U+FFFE and U+FFFF (an SVG
/// holding one is not well-formed), and cairo refuses every noncharacter as "not valid UTF-8" (a
/// PDF holding one fails to draw). Unicode lets a program drop them on output, and the vector
/// files do: their text leaves them out, and `render` says so in a warning
/// (`UncarriableTextWarnings`).
package enum CarriableText {
    /// Whether `scalar` may stand in an XML 1.0 document (`Char`: tab, line feed, carriage
    /// return, U+0020…U+D7FF, U+E000…U+FFFD, U+10000…U+10FFFF) and is not a noncharacter.
    package static func carries(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 { return v == 0x9 || v == 0xA || v == 0xD }
        return !scalar.properties.isNoncharacterCodePoint
    }

    /// `text` without what `carries` refuses (the same string when there is nothing to drop).
    package static func filtered(_ text: String) -> String {
        guard !text.unicodeScalars.allSatisfy(carries) else { return text }
        var out = String.UnicodeScalarView()
        for s in text.unicodeScalars where carries(s) { out.append(s) }
        return String(out)
    }

    /// The scalars of `text` a vector file leaves out, each once, in order.
    package static func dropped(from text: String) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        for s in text.unicodeScalars where !carries(s) && !out.contains(s) { out.append(s) }
        return out
    }
}
