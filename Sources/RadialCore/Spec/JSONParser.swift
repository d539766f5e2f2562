/// A strict RFC 8259 parser over UTF-8 bytes. Beyond the RFC it refuses duplicate keys and
/// nesting deeper than `maxDepth`, and skips a leading byte-order mark.
package struct JSONParser {
    package static func parse(_ bytes: [UInt8], maxDepth: Int = SpecLimits.depth) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        return try parser.parseDocument()
    }

    private let bytes: [UInt8]
    private let maxDepth: Int
    private var i = 0
    private let origin: Int
    // The last position computed: positions are asked for in increasing order, so counting
    // lines and columns costs one pass over the file in all.
    private var cacheIndex: Int
    private var cacheLine = 1
    private var cacheColumn = 1

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        let bom = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
        origin = bom ? 3 : 0
        i = origin
        cacheIndex = origin
    }

    // MARK: - Positions and errors

    private mutating func position(_ index: Int) -> JSONPosition {
        if index < cacheIndex { cacheIndex = origin; cacheLine = 1; cacheColumn = 1 }
        while cacheIndex < index {
            let b = bytes[cacheIndex]
            if b == 0x0A {
                cacheLine += 1; cacheColumn = 1
            } else if b == 0x0D {
                // CR LF is one break (counted at the LF); a lone CR is a break of its own.
                if cacheIndex + 1 < bytes.count, bytes[cacheIndex + 1] == 0x0A {} else { cacheLine += 1; cacheColumn = 1 }
            } else if b & 0xC0 != 0x80 {
                cacheColumn += 1
            }
            cacheIndex += 1
        }
        return JSONPosition(line: cacheLine, column: cacheColumn)
    }

    private mutating func error(at index: Int, _ message: String) -> JSONSyntaxError {
        JSONSyntaxError(position: position(index), message: message)
    }

    /// What sits at `index`, for "got …": `"]"`, `the end of the file`, `U+0009`, `"é"`.
    private func found(at index: Int) -> String {
        guard index < bytes.count else { return "the end of the file" }
        let b = bytes[index]
        if b >= 0x20 && b < 0x7F { return b == 0x22 ? "'\"'" : "\"\(Character(Unicode.Scalar(b)))\"" }
        if b < 0x80 { return JSONParser.scalarName(UInt32(b)) }
        let length = JSONParser.utf8SequenceLength(bytes, at: index)
        guard length > 0 else { return "invalid UTF-8 (byte 0x\(JSONParser.hex(UInt32(b), digits: 2)))" }
        let scalar = String(decoding: bytes[index..<index + length], as: UTF8.self)
        return "\"\(scalar)\""
    }

    static func scalarName(_ v: UInt32) -> String { "U+" + hex(v, digits: 4) }

    static func hex(_ v: UInt32, digits: Int) -> String {
        let s = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - s.count)) + s
    }

    // MARK: - Grammar

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        guard i < bytes.count else { throw error(at: i, "the file is empty; expected a JSON object") }
        let node = try parseValue(depth: 0)
        skipWhitespace()
        guard i >= bytes.count else {
            throw error(at: i, "expected the end of the file after the top-level value, got \(found(at: i))")
        }
        return node
    }

    private mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        guard i < bytes.count else { throw error(at: i, "unexpected end of the file; expected a value") }
        let start = i
        let at = position(start)
        switch bytes[i] {
        case UInt8(ascii: "{"): return JSONNode(try parseObject(depth: depth + 1), at: at)
        case UInt8(ascii: "["): return JSONNode(try parseArray(depth: depth + 1), at: at)
        case UInt8(ascii: "\""): return JSONNode(.string(try parseString()), at: at)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(.number(try parseNumber()), at: at)
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return JSONNode(try parseLiteral(), at: at)
        case UInt8(ascii: "/"):
            throw error(at: start, "comments are not allowed in JSON; expected a value")
        case UInt8(ascii: "'"):
            throw error(at: start, "expected a string in double quotes, got \"'\"")
        default:
            throw error(at: start, "expected a value, got \(found(at: start))")
        }
    }

    private mutating func enter(depth: Int) throws(JSONSyntaxError) {
        if depth > maxDepth { throw error(at: i, "nesting deeper than \(maxDepth) levels; the limit is \(maxDepth)") }
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        try enter(depth: depth)
        let open = i
        i += 1
        var members: [JSONMember] = []
        var seen: [String: JSONPosition] = [:]
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object([]) }
        while true {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                if i < bytes.count, bytes[i] == UInt8(ascii: "/") {
                    throw error(at: i, "comments are not allowed in JSON; expected a key in double quotes")
                }
                throw error(at: i, "expected a key in double quotes, got \(found(at: i))")
            }
            let keyPosition = position(i)
            let key = try parseString()
            // A few keys are checked against the members read so far (no dictionary for the two
            // of a stream's update line); more go in a dictionary from the ninth on.
            if members.count < 8 {
                if let first = members.first(where: { $0.key == key }) {
                    throw JSONSyntaxError(position: keyPosition,
                                          message: "duplicate key \(JSONOut.quoted(key)) (first at \(first.keyPosition))")
                }
                if members.count == 7 { for m in members { seen[m.key] = m.keyPosition }; seen[key] = keyPosition }
            } else {
                if let first = seen[key] {
                    throw JSONSyntaxError(position: keyPosition,
                                          message: "duplicate key \(JSONOut.quoted(key)) (first at \(first))")
                }
                seen[key] = keyPosition
            }
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else {
                throw error(at: i, "expected \":\" after the key \(JSONOut.quoted(key)), got \(found(at: i))")
            }
            i += 1
            let node = try parseValue(depth: depth)
            members.append(JSONMember(key: key, keyPosition: keyPosition, node: node))
            skipWhitespace()
            guard i < bytes.count else {
                let opened = position(open)
                throw error(at: i, "unexpected end of the file; expected \",\" or \"}\" to close the object opened at \(opened)")
            }
            switch bytes[i] {
            case UInt8(ascii: ","):
                i += 1
                skipWhitespace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "}") {
                    throw error(at: i, "trailing comma before \"}\"; expected another key in double quotes")
                }
            case UInt8(ascii: "}"):
                i += 1
                return .object(members)
            default:
                throw error(at: i, "expected \",\" or \"}\" after the value of \(JSONOut.quoted(key)), got \(found(at: i))")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONValue {
        try enter(depth: depth)
        let open = i
        i += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array([]) }
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard i < bytes.count else {
                let opened = position(open)
                throw error(at: i, "unexpected end of the file; expected \",\" or \"]\" to close the array opened at \(opened)")
            }
            switch bytes[i] {
            case UInt8(ascii: ","):
                i += 1
                skipWhitespace()
                if i < bytes.count, bytes[i] == UInt8(ascii: "]") {
                    throw error(at: i, "trailing comma before \"]\"; expected another value")
                }
            case UInt8(ascii: "]"):
                i += 1
                return .array(elements)
            default:
                throw error(at: i, "expected \",\" or \"]\" after an array element, got \(found(at: i))")
            }
        }
    }

    private mutating func parseLiteral() throws(JSONSyntaxError) -> JSONValue {
        let start = i
        while i < bytes.count, JSONParser.isWordByte(bytes[i]) { i += 1 }
        let word = String(decoding: bytes[start..<i], as: UTF8.self)
        switch word {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default:
            let shown = word.count > 24 ? String(word.prefix(24)) + "…" : word
            let lower = word.lowercased()
            if ["true", "false", "null"].contains(lower) {
                throw error(at: start, "expected a value, got \(shown); did you mean \(lower)?")
            }
            if ["nan", "infinity", "inf"].contains(lower) {
                throw error(at: start, "expected a value, got \(shown); JSON has no NaN or Infinity")
            }
            throw error(at: start, "expected a value, got \(shown) (strings need double quotes)")
        }
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_")
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    private mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = i
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, JSONParser.isDigit(bytes[i]) else {
            throw error(at: i, "expected a digit after \"-\", got \(found(at: i))")
        }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, JSONParser.isDigit(bytes[i]) {
                throw error(at: start, "a number must not start with a 0 followed by more digits")
            }
        } else {
            while i < bytes.count, JSONParser.isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < bytes.count, JSONParser.isDigit(bytes[i]) else {
                throw error(at: i, "expected a digit after the decimal point, got \(found(at: i))")
            }
            while i < bytes.count, JSONParser.isDigit(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < bytes.count, JSONParser.isDigit(bytes[i]) else {
                throw error(at: i, "expected a digit in the exponent, got \(found(at: i))")
            }
            while i < bytes.count, JSONParser.isDigit(bytes[i]) { i += 1 }
        }
        // The grammar above is a subset of what `Double(_:)` reads; overflow gives ±infinity.
        return Double(String(decoding: bytes[start..<i], as: UTF8.self)) ?? .nan
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = i
        i += 1
        var out: [UInt8] = []
        while true {
            let runStart = i
            while i < bytes.count {
                let b = bytes[i]
                if b == 0x22 || b == 0x5C || b < 0x20 || b >= 0x80 { break }
                i += 1
            }
            if runStart < i { out.append(contentsOf: bytes[runStart..<i]) }
            guard i < bytes.count else {
                throw error(at: start, "unterminated string; expected a closing '\"' before the end of the file")
            }
            let b = bytes[i]
            switch b {
            case 0x22:
                i += 1
                return String(decoding: out, as: UTF8.self)
            case 0x5C:
                try parseEscape(into: &out)
            case 0x0A, 0x0D:
                throw error(at: start, "unterminated string; expected a closing '\"' before the end of the line (write \\n for a line break)")
            case ..<0x20:
                throw error(at: i, "control character \(JSONParser.scalarName(UInt32(b))) in a string; write it as an escape such as \\t or \\u\(JSONParser.hex(UInt32(b), digits: 4))")
            default:
                let length = JSONParser.utf8SequenceLength(bytes, at: i)
                guard length > 0 else {
                    throw error(at: i, "invalid UTF-8 (byte 0x\(JSONParser.hex(UInt32(b), digits: 2))); expected text encoded as UTF-8")
                }
                out.append(contentsOf: bytes[i..<i + length])
                i += length
            }
        }
    }

    private mutating func parseEscape(into out: inout [UInt8]) throws(JSONSyntaxError) {
        let backslash = i
        i += 1
        guard i < bytes.count else {
            throw error(at: backslash, "unterminated string; expected an escape after \"\\\" before the end of the file")
        }
        let c = bytes[i]
        i += 1
        switch c {
        case UInt8(ascii: "\""): out.append(0x22)
        case UInt8(ascii: "\\"): out.append(0x5C)
        case UInt8(ascii: "/"): out.append(0x2F)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var v = try hex4(escapeAt: backslash)
            if (0xDC00...0xDFFF).contains(v) {
                throw error(at: backslash, "unpaired surrogate \\u\(JSONParser.hex(v, digits: 4)); expected a high surrogate \\uD800–\\uDBFF before it")
            }
            if (0xD800...0xDBFF).contains(v) {
                let second = i
                guard i + 1 < bytes.count, bytes[i] == 0x5C, bytes[i + 1] == UInt8(ascii: "u") else {
                    throw error(at: backslash, "unpaired surrogate \\u\(JSONParser.hex(v, digits: 4)); expected a low surrogate \\uDC00–\\uDFFF after it")
                }
                i += 2
                let low = try hex4(escapeAt: second)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw error(at: backslash, "unpaired surrogate \\u\(JSONParser.hex(v, digits: 4)); expected a low surrogate \\uDC00–\\uDFFF after it")
                }
                v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
            }
            // Not a surrogate here, so always a valid scalar.
            out.append(contentsOf: Array(String(Character(Unicode.Scalar(v) ?? "\u{FFFD}")).utf8))
        default:
            let shown = c >= 0x20 && c < 0x7F ? "\\" + String(Character(Unicode.Scalar(c))) : "\\ followed by \(found(at: i - 1))"
            throw error(at: backslash, "invalid escape \"\(shown)\"; expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
        }
    }

    private mutating func hex4(escapeAt backslash: Int) throws(JSONSyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count, let d = JSONParser.hexValue(bytes[i]) else {
                throw error(at: backslash, "expected 4 hexadecimal digits after \\u")
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }

    static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(b - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The length of the well-formed UTF-8 sequence at `index` (Unicode table 3-7), or 0.
    static func utf8SequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let b0 = bytes[index]
        func cont(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + k < bytes.count && range.contains(bytes[index + k])
        }
        switch b0 {
        case 0x00...0x7F: return 1
        case 0xC2...0xDF: return cont(1) ? 2 : 0
        case 0xE0: return cont(1, 0xA0...0xBF) && cont(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return cont(1) && cont(2) ? 3 : 0
        case 0xED: return cont(1, 0x80...0x9F) && cont(2) ? 3 : 0
        case 0xF0: return cont(1, 0x90...0xBF) && cont(2) && cont(3) ? 4 : 0
        case 0xF1...0xF3: return cont(1) && cont(2) && cont(3) ? 4 : 0
        case 0xF4: return cont(1, 0x80...0x8F) && cont(2) && cont(3) ? 4 : 0
        default: return 0
        }
    }
}
