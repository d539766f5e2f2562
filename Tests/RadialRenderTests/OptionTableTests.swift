import Foundation
@testable import RadialCLI
import RadialCore
import Testing

/// The one table of options against everything made from it: the parser, `help`, the man page
/// and the completions, and the rule that every command reading a page takes the same input,
/// table and appearance options.
@Suite("The option table")
struct OptionTableTests {
    static let commands = [CommandTable.gallery] + CommandTable.visible

    /// A value `option` accepts (its example, or its first word).
    static func sample(_ o: Option) -> String? { o.example ?? o.value?.words.first }

    @Test("every option taking a value has a sample value that it accepts, and every spelling is unique")
    func samples() throws {
        var seen = Set<String>()
        for o in OptionTable.all {
            for s in o.spellings { #expect(seen.insert(s).inserted, "\(s) twice") }
            guard o.value != nil else { continue }
            let value = try #require(Self.sample(o), "\(o.name) has no example")
            var v = OptionValues()
            #expect(throws: Never.self, "\(o.name) \(value)") { try o.store(&v, value) }
        }
    }

    @Test("every command that reads a page accepts every input, table and appearance option", arguments: commands.filter(\.readsPage).map(\.name))
    func pageReadersTakeTheSharedGroups(command: String) throws {
        let c = try #require(CommandTable.named(command))
        var checked = 0
        for group in [OptionGroup.input, .table, .appearance] {
            for o in OptionTable.options(in: group) {
                let args = [o.name] + (o.value != nil ? [Self.sample(o)!] : [])
                do {
                    let (values, _) = try c.parse(args)
                    #expect(values.given == [o.name], "\(command) \(args)")
                    checked += 1
                } catch {
                    Issue.record("`radial \(command)` refused \(args): \(error)")
                }
            }
        }
        #expect(checked >= 12)
        // describe, show, render, record and bench: the five the issue names, and they all do.
        #expect(Set(Self.commands.filter(\.readsPage).map(\.name)).isSuperset(of: ["show", "render", "record", "bench", "describe"]))
    }

    @Test("`radial help COMMAND` lists exactly the command's options, each with its value and help", arguments: commands.map(\.name))
    func helpFromTheTable(command: String) throws {
        let c = try #require(CommandTable.named(command))
        let help = HelpText.command(c)
        let lines = help.split(separator: "\n").map(String.init)
        for o in c.options {
            let head = "  " + o.spellings.joined(separator: ", ") + (o.value.map { " " + $0.placeholder } ?? "")
            let i = try #require(lines.firstIndex { $0.hasPrefix(head + " ") || $0 == head }, "\(command): no line for \(o.name)")
            let text = lines[i...].prefix(6).joined(separator: " ")
            #expect(text.contains(String(o.summary.prefix(30))), "\(command) \(o.name): \(text)")
        }
        // No option line the table does not have.
        let listed = lines.filter { $0.hasPrefix("  -") }.compactMap { $0.split(separator: " ").first.map { String($0).trimmingCharacters(in: [","]) } }
        for name in listed { #expect(c.takes(name) != nil, "\(command)'s help lists \(name)") }
        #expect(Set(listed) == Set(c.options.map(\.name)))
    }

    @Test("the man page has every option once, with its value and the commands that take it, and each command's options")
    func manPageFromTheTable() {
        let man = ManPage.roff()
        for o in OptionTable.all {
            let entry = o.spellings.map { "\\fB" + ManPage.esc($0) + "\\fR" }.joined(separator: ", ") + (o.value.map { " \\fI" + ManPage.esc($0.placeholder) + "\\fR" } ?? "")
            #expect(man.components(separatedBy: ".TP\n" + entry + "\n").count == 2, "\(o.name) is not in the man page once")
            let takers = Self.commands.filter { $0.takes(o.name) != nil }.map(\.name)
            if o.group != .general { #expect(man.contains("(" + ManPage.esc(takers.joined(separator: ", ")) + ")"), "\(o.name): \(takers)") }
        }
        for c in Self.commands {
            for o in c.options where o.group != .general { #expect(man.contains(ManPage.esc(o.name)), "\(c.name): \(o.name)") }
            for u in c.usage { #expect(man.contains(ManPage.esc("radial " + u)), "\(c.name): \(u)") }
        }
    }

    @Test("bash and zsh complete each command's options from the table, and the values of enumerated ones")
    func completionsFromTheTable() throws {
        let bash = Completions.bash(), zsh = Completions.zsh()
        for c in CommandTable.visible {
            let line = try #require(bash.split(separator: "\n").first { $0.hasPrefix("    \(c.name)) opts=") }, "bash: no case for \(c.name)")
            let opts = line.split(separator: "\"")[1].split(separator: " ").map(String.init)
            #expect(Set(opts) == Set(c.options.flatMap(\.spellings)), "bash \(c.name)")
            #expect(zsh.contains("    \(c.name))\n      _arguments"), "zsh: no case for \(c.name)")
        }
        for o in OptionTable.all where !(o.value?.words.isEmpty ?? true) {
            #expect(bash.contains("    \(o.spellings.joined(separator: "|"))) COMPREPLY=($(compgen -W \"\(o.value!.words.joined(separator: " "))\""), "bash values of \(o.name)")
            #expect(zsh.contains("'\(o.repeatable ? "*" : "")\(o.name)=[") && zsh.contains(":(\(o.value!.words.joined(separator: " ")))'"), "zsh \(o.name)")
        }
        for o in OptionTable.all where { if case .file = o.value { true } else { false } }() {
            #expect(bash.contains("    \(o.spellings.joined(separator: "|"))) COMPREPLY=($(compgen -f"), "bash files for \(o.name)")
        }
    }

    @Test("a single-valued option given twice is refused; a repeatable one is not")
    func repeated() throws {
        #expect(throws: UsageError.repeated(option: "--out", first: "a.png", again: "b.png")) {
            try CommandTable.render.parse(["--out", "a.png", "-o", "b.png"])
        }
        #expect(throws: UsageError.self) { try CommandTable.record.parse(["--theme", "dark", "--theme=light"]) }
        #expect(throws: UsageError.self) { try CommandTable.describe.parse(["--reduce-motion", "--reduce-motion"]) }
        let (v, _) = try CommandTable.render.parse(["--toggle", "charts[0].legend[0]", "--toggle", "charts[0].legend[1]", "--demo", "ebike", "--demo", "pies"])
        #expect(v.toggles.count == 2 && v.demos == [.ebike, .pies])
    }

    @Test("every enumerated value offers the nearest word when mistyped", arguments: OptionTable.all.filter { ($0.value?.words.first?.count ?? 0) >= 4 }.map(\.name))
    func didYouMean(option: String) throws {
        let o = try #require(OptionTable.named(option))
        let word = o.value!.words.first { $0.count >= 4 }!
        let typo = String(word.dropLast()) + "x"
        let c = try #require(Self.commands.first { $0.takes(option) != nil })
        do { _ = try c.parse([option, typo]); Issue.record("\(option) \(typo) accepted") } catch {
            #expect(error.description.contains("did you mean \(word)"), "\(error)")
        }
    }

    @Test("`--at` names end, `--theme drak` suggests dark, `describe` takes --type, options of other commands are pointed to")
    func messages() throws {
        func message(_ c: CommandSpec, _ args: [String]) -> String {
            do { _ = try c.parse(args); return "" } catch { return error.description }
        }
        #expect(message(CommandTable.render, ["--at", "soon"]) == #"--at expects a decimal number from 0 to 86400 or end; got "soon"."#)
        #expect(message(CommandTable.render, ["--at", "ned"]).contains("did you mean end?"))
        #expect(message(CommandTable.record, ["--theme", "drak"]) == #"--theme expects light, dark or high-contrast; got "drak" (did you mean dark?)."#)
        #expect(message(CommandTable.describe, ["--type", "radar", "--title", "T"]) == "")
        #expect(message(CommandTable.describe, ["--fps", "30"]) == "`radial describe` has no option --fps; it is an option of `radial record`.")
        #expect(message(CommandTable.record, ["--palette", "okabe-ito"]) == "")
        #expect(message(CommandTable.record, ["--locale", "xx_YY"]).contains("is not a locale this system knows"))
        #expect(message(CommandTable.render, ["--hover", "1e19,0"]).contains("--hover expects X,Y in points"))
        #expect(message(CommandTable.render, ["--transpose=yes"]) == "--transpose is a switch and takes no value; got --transpose=yes.")
        #expect(message(CommandTable.render, ["--out"]) == "--out needs a value; see `radial render --help`.")
        #expect(HelpText.command(CommandTable.record).contains("--theme light|dark|high-contrast"))
    }

    /// The options fuzzer's findings: a value with line breaks (`--locale $'*e_DE--\n\n…'`) came
    /// back verbatim in its refusal.
    @Test("a refused value is written on one line, its control characters escaped")
    func refusedValuesOneLine() {
        let bad = "x\n\ny\u{7}"
        var messages: [String] = []
        func refused(_ body: () throws -> Void) {
            do { try body(); Issue.record("accepted \(bad)") } catch { messages.append((error as? UsageError)?.description ?? "not a usage error: \(error)") }
        }
        refused { _ = try Parse.locale(bad) }
        refused { _ = try Parse.size(bad, option: "--size") }
        refused { _ = try Parse.number(bad, option: "--at", range: 0...1) }
        refused { _ = try Parse.integer(bad, option: "--quality", range: 1...100) }
        refused { _ = try Parse.demo(bad) }
        #expect(messages.count == 5)
        for m in messages { #expect(!m.contains { $0.isNewline } && m.contains(#"x\n\ny\u{7}"#), "\(m)") }
    }
}
