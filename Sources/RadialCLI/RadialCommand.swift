import Foundation
import RadialWindow
import RadialRender
import RadialCore

/// The `radial` command line: finds the command in `CommandTable`, parses its options from
/// `OptionTable`, runs it, and turns every failure into one clear sentence on stderr with the
/// error's exit code (2: bad arguments or input; 1: a run-time failure).
public enum RadialCommand {
    public static let version = Radial.version

    public static func main(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        StandardStreams.protect()
        let code = run(arguments)
        Cleanup.yieldToSignal()
        exit(code)
    }

    /// Runs a command line and returns the exit code. A run that a signal interrupted says
    /// nothing of its own and lets the signal end the process (`Cleanup.yieldToSignal`).
    public static func run(_ arguments: [String]) -> Int32 {
        do {
            try dispatch(arguments)
            return 0
        } catch let e as ExitingError {
            Cleanup.yieldToSignal()
            StandardStreams.err("radial: " + e.description + "\n")
            return e.exitCode
        } catch {
            Cleanup.yieldToSignal()
            StandardStreams.err("radial: \(error)\n")
            return 1
        }
    }

    /// The command a command line names: its first word, or the gallery (no words, or options
    /// first), or `show` for a file (`radial examples/pies.json`).
    static func command(for arguments: [String]) throws(UsageError) -> (CommandSpec, [String]) {
        guard let first = arguments.first else { return (CommandTable.gallery, []) }
        if let c = CommandTable.named(first), first != "radial" { return (c, Array(arguments.dropFirst())) }
        if first.hasPrefix("-") && first != "-" { return (CommandTable.gallery, arguments) }
        if first.hasSuffix(".json") || OptionValues.isTable(first) || FileManager.default.fileExists(atPath: first) {
            return (CommandTable.show, arguments)
        }
        throw CommandTable.unknownCommand(first)
    }

    static func dispatch(_ arguments: [String]) throws {
        let (command, rest) = try command(for: arguments)
        let (values, operands) = try command.parse(rest)
        if values.version { return try StandardStreams.line("radial \(version)") }
        if values.help {
            return try StandardStreams.line(command.name == "radial" || command.name == "help" ? HelpText.general() : HelpText.command(command))
        }
        if command.operands == .none, let extra = operands.first {
            throw command.name == "radial" ? CommandTable.unknownCommand(extra) : UsageError("`radial \(command.name)` takes no \(extra).")
        }
        try command.run(values, operands)
    }
}

/// `radial describe`: what a screen reader would say.
struct DescribeCommand {
    var source: PageSource
    var values: OptionValues

    init(_ values: OptionValues, _ operands: [String]) throws(UsageError) {
        source = try values.singleSource(operands, command: "describe")
        self.values = values
    }

    func run() throws {
        let page = try values.load(source)
        if let state = try values.chosenState(of: page, source: source) {
            return try StandardStreams.line(Descriptions.describe(state, formatting: values.formatting))
        }
        try StandardStreams.line(Descriptions.describeStates(page, formatting: values.formatting))
    }
}
