import Foundation
import RadialCore

/// One `radial` command: what it is called, what it says about itself, and which options it
/// takes (whole groups of `OptionTable`, plus single options). Every command that reads a page
/// takes the input, table and appearance groups.
struct CommandSpec: Sendable {
    let name: String
    let summary: String
    /// Usage lines, each after "radial ".
    let usage: [String]
    /// What the command does, a few lines.
    let about: [String]
    let groups: [OptionGroup]
    /// Single options from other groups.
    let extra: [String]
    /// What the words that are not options are, for completions: chart files, a shell, a command.
    let operands: Operands
    /// Left out of help, completions and the man page (`manpage`, `__bare`, `gallery`).
    let hidden: Bool

    enum Operands: Sendable, Equatable { case none, files, words([String]), commands }

    init(_ name: String, _ summary: String, usage: [String], about: [String] = [], groups: [OptionGroup], extra: [String] = [],
         operands: Operands = .files, hidden: Bool = false) {
        self.name = name; self.summary = summary; self.usage = usage; self.about = about; self.groups = groups + [.general]
        self.extra = extra; self.operands = operands; self.hidden = hidden
    }

    /// Every option the command takes, in the order of the table.
    var options: [Option] { OptionTable.all.filter { groups.contains($0.group) || extra.contains($0.name) } }

    /// Whether it reads a page (and so must take the input, table and appearance options).
    var readsPage: Bool { groups.contains(.input) }

    func takes(_ name: String) -> Option? {
        guard let o = OptionTable.named(name), groups.contains(o.group) || extra.contains(o.name) else { return nil }
        return o
    }
}

extension CommandSpec {
    /// Checks the options against this command and stores their values; the rest are operands.
    /// `--name value`, `--name=value`, `-o value`; `--` ends the options; `-` is an operand.
    func parse(_ args: [String]) throws(UsageError) -> (OptionValues, [String]) {
        var values = OptionValues(), operands: [String] = []
        var firstValue: [String: String] = [:]
        var i = 0, optionsEnded = false
        while i < args.count {
            let a = args[i]
            i += 1
            if optionsEnded || a == "-" || !a.hasPrefix("-") { operands.append(a); continue }
            if a == "--" { optionsEnded = true; continue }
            var name = a, inline: String?
            if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") { name = String(a[..<eq]); inline = String(a[a.index(after: eq)...]) }
            guard let option = takes(name) else { throw unknown(name) }
            var value: String?
            if option.value != nil {
                if let inline { value = inline } else {
                    guard i < args.count else { throw UsageError.missingValue(option: name, command: self.name) }
                    value = args[i]; i += 1
                }
            } else if inline != nil {
                throw UsageError("\(option.name) is a switch and takes no value; got \(a).")
            }
            if !option.repeatable, values.has(option.name) {
                throw UsageError.repeated(option: option.name, first: firstValue[option.name], again: value)
            }
            do { try option.store(&values, value) } catch let e as UsageError { throw e } catch { throw UsageError("\(option.name): \(error)") }
            values.given.append(option.name)
            if option.name == "--demo" { values.demoPlaces.append(operands.count) }
            if let value { firstValue[option.name] = firstValue[option.name] ?? value }
        }
        if let f = values.format, !groups.contains(.still) {
            throw UsageError("--format \(f) chooses the file `radial render` writes; `radial \(self.name)` takes --format compact (numbers as \"€56.4M\").")
        }
        return (values, operands)
    }

    /// `--bogus`: the nearest option of this command, or the commands that have it.
    private func unknown(_ name: String) -> UsageError {
        let spellings = options.flatMap(\.spellings)
        // An option of another command is named as such before a near spelling of one of this
        // command's (`describe --fps` is record's, not a mistyped --as).
        if OptionTable.named(name) == nil, let near = Spec.suggestion(for: name, among: spellings) {
            return .unknownOption(option: name, command: self.name, suggestion: near)
        }
        if OptionTable.named(name) != nil {
            let owners = CommandTable.visible.filter { $0.takes(name) != nil }.map(\.name)
            if !owners.isEmpty {
                return UsageError("`radial \(self.name)` has no option \(name); it is an option of \(owners.map { "`radial \($0)`" }.joined(separator: ", ")).")
            }
        }
        return .unknownOption(option: name, command: self.name, suggestion: Spec.suggestion(for: name, among: spellings))
    }
}
