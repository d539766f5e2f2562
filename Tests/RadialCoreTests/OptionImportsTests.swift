import Foundation
import Testing
@testable import RadialCore

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

/// The options fuzzer's finding: an argument with line breaks in it (`$'--de.sv\n\nx'`) came
/// back verbatim in its refusal, which then spanned several lines.
@Suite("A refusal is one line")
struct RefusalLineTests {
    @Test("what the user typed is written with its control characters escaped, in every usage error that repeats it")
    func oneLine() {
        let errors: [UsageError] = [
            .unknownOption(option: "--de.sv\n\nx", command: "render", suggestion: nil),
            .unknownOption(option: "--a\tb", command: "render", suggestion: "--at"),
            .invalidValue(option: "--theme", value: "dark\n\u{7}", expected: "light, dark or high-contrast", suggestion: nil),
            .missingValue(option: "--out\r", command: "render"),
            .repeated(option: "--size\n", first: "1\n", again: "2"),
            .unknownCommand(name: "rendr\n", suggestion: nil, commands: ["render"]),
        ]
        for e in errors { #expect(!e.description.contains { $0.isNewline } && !e.description.unicodeScalars.contains { $0 == "\u{7}" }, "\(e.description)") }
        #expect(UsageError.unknownOption(option: "--de.sv\n\nx", command: "render", suggestion: nil).description.contains(#"--de.sv\n\nx"#))
        #expect(UsageError.unknownOption(option: "--bogus", command: "render", suggestion: nil).description.contains("no option --bogus;"))
    }
}
