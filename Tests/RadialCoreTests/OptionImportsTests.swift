import Foundation
import Testing

/// `make fuzz TARGET=options` builds the option parser alone, over RadialCore (scripts/fuzz): the
/// option files may import nothing else, or the fuzzer stops building (the library's merge once
/// added `import RadialRender` to Option.swift for its picture limits).
@Suite("The option parser builds alone")
struct OptionImportsTests {
    @Test("the option files scripts/fuzz compiles import only Foundation and RadialCore")
    func imports() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let script = try String(contentsOf: root.appendingPathComponent("scripts/fuzz"), encoding: .utf8)
        // The brace list in `own+=(Sources/RadialCLI/Options/{…}.swift)`.
        let list = try #require(script.firstRange(of: "Sources/RadialCLI/Options/{").map { script[$0.upperBound...] }?.prefix { $0 != "}" })
        let files = list.split(separator: ",").map { "Sources/RadialCLI/Options/\($0).swift" }
        #expect(files.count >= 5)
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { String($0.dropFirst(7)) }
            #expect(Set(imports).isSubset(of: ["Foundation", "RadialCore"]), "\(file) imports \(imports)")
        }
    }
}
