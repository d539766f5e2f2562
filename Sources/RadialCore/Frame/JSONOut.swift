import Foundation

/// A JSON value built in code and written with keys in the order given (for `--geometry`,
/// `bench --json` and other machine-readable output).
package indirect enum JSONOut: Sendable {
    /// A floating-point number.
    case number(Double)
    /// An integer, written without a fraction.
    case int(Int)
    /// A string, escaped as JSON needs.
    case string(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null
    /// An array, in order.
    case array([JSONOut])
    /// An object, its keys written in the order given.
    case object([(String, JSONOut)])

    /// The value as JSON text: indented two spaces a level when `pretty` (the default; short arrays of plain values stay on one line), else all on one line.
    package func serialized(pretty: Bool = true) -> String {
        var out = ""
        write(into: &out, indent: pretty ? 0 : -1)
        return out
    }

    private func write(into out: inout String, indent: Int) {
        let pretty = indent >= 0
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let close = pretty ? String(repeating: "  ", count: indent) : ""
        switch self {
        case .number(let v): JSONOut.write(number: v, into: &out)
        case .int(let v): out += String(v)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .string(let s): JSONOut.escape(s, into: &out)
        case .array(let items):
            // Short arrays of scalars (points, rects) stay on one line.
            let flat = !pretty || items.count <= 4 && items.allSatisfy { if case .array = $0 { return false }; if case .object = $0 { return false }; return true }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += flat ? (pretty ? ", " : ",") : "," }
                if !flat { out += "\n" + pad }
                item.write(into: &out, indent: flat ? (pretty ? indent : -1) : indent + 1)
            }
            if !flat && !items.isEmpty { out += "\n" + close }
            out += "]"
        case .object(let fields):
            out += "{"
            for (i, (k, v)) in fields.enumerated() {
                if i > 0 { out += "," }
                if pretty { out += "\n" + pad }
                JSONOut.escape(k, into: &out)
                out += pretty ? ": " : ":"
                v.write(into: &out, indent: pretty ? indent + 1 : -1)
            }
            if pretty && !fields.isEmpty { out += "\n" + close }
            out += "}"
        }
    }

    /// A number as JSON: always a valid token, whatever the double. Values below 10^15 are
    /// rounded to 4 decimals (pixel positions need no more); larger ones are written as Swift's
    /// shortest round-trip form (`1e+308`), never scaled first, so nothing overflows to `inf`.
    /// NaN and infinities, which JSON cannot write, are `null`; -0 is `0.0`.
    static func write(number v: Double, into out: inout String) {
        guard v.isFinite else { out += "null"; return }
        if abs(v) < 1e15 {
            let r = (v * 1e4).rounded() / 1e4
            if r == 0 { out += "0.0" } else if r == r.rounded() { out += String(Int64(r)) + ".0" } else { out += String(r) }
        } else {
            out += String(v)   // "1e+15", "-1.7976931348623157e+308": digits, sign and exponent only
        }
    }

    /// `s` as a JSON string literal: the one escaper, for output files and for messages that
    /// quote what a spec file said. Control characters and DEL are written as \uXXXX.
    static func quoted(_ s: String) -> String {
        var out = ""
        escape(s, into: &out)
        return out
    }

    static func escape(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20 || u.value == 0x7F: out += "\\u" + JSONParser.hex(u.value, digits: 4)
            default: out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }
}
