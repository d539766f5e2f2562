// libFuzzer target: the command line's option parser alone (CommandTable, OptionTable, Parse,
// the input rules of OptionValues), at the parser's speed, with no GL and no window: built by
// `make fuzz TARGET=options` from RadialCore and Sources/RadialCLI/Options only.
//
// Byte 0 picks the command (the gallery or one of CommandTable.all); the rest, split at NUL
// bytes, are its arguments. An accepted command line must hold only values inside the table's
// ranges; a refused one must say why in a sentence.

#if canImport(RadialCore)
import RadialCore   // the options target builds RadialCore as a module of its own
#endif

let commands = [CommandTable.gallery] + CommandTable.all

func inRange(_ v: Double?, _ r: ClosedRange<Double>) -> Bool { v.map { $0.isFinite && r.contains($0) } ?? true }
func inRange(_ v: Int?, _ r: ClosedRange<Int>) -> Bool { v.map { r.contains($0) } ?? true }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let b = bytes.first else { return 0 }
    let command = commands[Int(b) % commands.count]
    let args = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    do {
        let (v, operands) = try command.parse(args)
        require(v.size.map { (16...8192).contains($0.width) && (16...8192).contains($0.height) } ?? true, "--size \(String(describing: v.size))")
        require(inRange(v.scale, 1...4) && inRange(v.fps, 1...240) && inRange(v.from, 0...86_400) && inRange(v.to, 0...86_400), "times and scale")
        require(inRange(v.maximum, -1e300...1e300) && inRange(v.minimum, -1e300...1e300) && inRange(v.soak, 0.5...1440), "numbers")
        require(inRange(v.quality, 1...100) && inRange(v.turns, 1...1000) && inRange(v.frames, 10...100_000) && inRange(v.warmup, 0...10_000), "integers")
        require(v.hover.map { abs($0.x) <= 1e9 && abs($0.y) <= 1e9 } ?? true, "--hover")
        if let at = v.at, let t = at { require(t.isFinite && (0...86_400).contains(t), "--at") }
        if let locale = v.locale { require(Formatting.foundationIdentifier(locale) != nil, "--locale \(locale) was accepted but Foundation does not know it") }
        require(v.given.allSatisfy { command.takes($0) != nil }, "every option given belongs to \(command.name)")
        if v.help { _ = HelpText.command(command) }
        if command.readsPage {
            do {
                let sources = try v.sources(operands)
                require(sources.count == operands.count + v.demos.count, "every operand and demo is a source")
            } catch { require(!error.description.isEmpty, "a refusal says why") }
        }
    } catch {
        require(!error.description.isEmpty && !error.description.contains("\n\n"), "a refusal is one sentence")
    }
    return 0
}
