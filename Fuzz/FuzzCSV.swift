// libFuzzer target: the CSV/TSV reader alone (encodings, separators, decimal marks, quoting,
// numbers, every chart type a table becomes, a --spec template), at the parser's speed. Built by
// `make fuzz TARGET=csv`.
//
// Byte 0 picks the chart type and transpose; byte 1 the decimal mark (detected, ".", ","), the
// separator (detected, comma, semicolon, tab, or `--delimiter` with an odd character), the
// file's extension (.csv, .tsv, .tab), the locale and a radar's --maximum/--minimum or a
// sunburst's --levels. With byte 1's top bit set, the bytes after the first "\0\0" are the
// --spec file. The table's own bytes may be UTF-8 with or without a byte-order mark, UTF-16 with
// one, or anything else (refused with where the first bad byte is).

let decimals: [Character?] = [nil, ".", ","]
let delimiters: [Character?] = [nil, ",", ";", "\t", "|", " "]
let extensions = ["csv", "tsv", "tab"]
let locales = ["en_US", "de_DE", "fr_FR", "ar_EG", "hi_IN", "C"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let a = bytes[0], b = bytes[1]
    let types = CSV.Options.ChartType.allCases
    var options = CSV.Options(type: types[Int(a) % types.count], title: a & 0x80 != 0 ? "Fuzz" : nil, transpose: a & 0x40 != 0,
                              decimal: decimals[Int(b) % 3], delimiter: delimiters[Int(b / 3) % delimiters.count],
                              locale: a & 0x20 != 0 ? locales[Int(b >> 4) % locales.count] : nil)
    if options.type == .radar, a & 0x10 != 0 { options.maximum = 10; options.minimum = b & 0x40 != 0 ? -5 : nil }
    if options.type == .sunburst, a & 0x10 != 0 { options.levels = ["a", "b"] }
    if options.type == .pie || options.type == .donut, a & 0x08 != 0 { options.valueColumn = "2" }
    var table = Array(bytes.dropFirst(2))
    var spec: [UInt8]?
    if b & 0x80 != 0, let cut = table.indices.dropLast().first(where: { table[$0] == 0 && table[$0 + 1] == 0 }) {
        spec = Array(table[(cut + 2)...])
        table = Array(table[..<cut])
    }
    let path = "fuzz." + extensions[Int(a >> 2) % extensions.count]
    do {
        checkPage(try CSV.page(table, path: path, options: options, spec: spec, environment: ["LANG": "de_DE.UTF-8"]))
    } catch {
        require(!error.lines.isEmpty, "a refused table names a problem")
    }
    return 0
}
