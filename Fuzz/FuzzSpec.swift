// libFuzzer target: the JSON spec reader alone (JSONParser, SpecReader, every kind's rules), at
// the parser's speed. Built by `make fuzz TARGET=spec` (scripts/fuzz) into one module with
// RadialCore's sources and FuzzChecks.swift; never part of `swift build` or `make test`.
// An accepted page must pass `checkPage`; a refused one must say why.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        checkPage(try Spec.decode(bytes))
    } catch {
        require(!error.problems.isEmpty, "a refused file names a problem")
        _ = error.description
    }
    return 0
}
