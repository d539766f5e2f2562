// libFuzzer target: the stream line parser alone (`PageStream`: whole pages and updates,
// newline-delimited, fed in chunks), at the parser's speed. Built by `make fuzz TARGET=stream`.
// Byte 0 is the chunk size (1...256); the rest is the stream. Every page version must pass
// `checkPage`, and the stream's memory stays bounded.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let b = bytes.first else { return 0 }
    let chunk = Int(b) + 1
    var s = PageStream()
    var version = 0
    var rest = bytes.dropFirst()
    while !rest.isEmpty {
        s.feed(rest.prefix(chunk))
        rest = rest.dropFirst(chunk)
        if s.version != version, let page = s.page { version = s.version; checkPage(page) }
        require(s.retainedBytes <= 2 * PageStream.maxLineBytes + 1 << 20, "a stream holds \(s.retainedBytes) bytes")
        require(s.problems.count <= PageStream.keptProblems, "at most \(PageStream.keptProblems) problems are kept")
    }
    s.feed([UInt8(ascii: "\n")])
    if s.version != version, let page = s.page { checkPage(page) }
    return 0
}
