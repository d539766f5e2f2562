import Foundation

/// An error that knows the exit status it ends the process with: 2 for a mistake on the
/// command line or in an input (nothing was done), 1 for a failure while running.
/// `radial` prints the description after "radial: " and exits with `exitCode`; nothing
/// decides anything from the text.
package protocol ExitingError: Error, CustomStringConvertible {
    var exitCode: Int32 { get }
}

/// A mistake on the command line or in an input file: exit code 2, one clear message.
package enum UsageError: ExitingError, Equatable {
    /// Any other mistake, said in full.
    case message(String)
    /// `--bogus`, with the nearest option of the command.
    case unknownOption(option: String, command: String, suggestion: String?)
    /// `--theme drak`: what was expected, and the nearest word.
    case invalidValue(option: String, value: String, expected: String, suggestion: String? = nil)
    /// `--out` at the end of the line.
    case missingValue(option: String, command: String)
    /// `--out a.png --out b.png`.
    case repeated(option: String, first: String?, again: String?)
    /// `radial rendr`.
    case unknownCommand(name: String, suggestion: String?, commands: [String])

    package init(_ message: String) { self = .message(message) }

    package var exitCode: Int32 { 2 }

    package var description: String {
        switch self {
        case .message(let m):
            return m
        case .unknownOption(let option, let command, let near):
            let prefix = command == "radial" ? "`radial`" : "`radial \(command)`"
            if let near { return "\(prefix) has no option \(Self.shown(option)); did you mean \(near)?" }
            return "\(prefix) has no option \(Self.shown(option)); see `radial \(command == "radial" ? "" : command + " ")--help`."
        case .invalidValue(let option, let value, let expected, let near):
            return "\(Self.shown(option)) expects \(expected); got \"\(Self.shown(value))\"" + (near.map { " (did you mean \($0)?)" } ?? "") + "."
        case .missingValue(let option, let command):
            return "\(Self.shown(option)) needs a value; see `radial \(command == "radial" ? "" : command + " ")--help`."
        case .repeated(let option, let first, let again):
            let values = [first, again].compactMap { $0 }
            return "\(Self.shown(option)) is given twice" + (values.count == 2 ? " (\(Self.shown(values[0])) and \(Self.shown(values[1])))" : "") + "; give it once."
        case .unknownCommand(let name, let near, let commands):
            if let near { return "There is no command \"\(Self.shown(name))\"; did you mean `radial \(near)`?" }
            return "There is no command \"\(Self.shown(name))\"; the commands are \(commands.joined(separator: ", ")) (see radial --help)."
        }
    }
}

/// A failure while running, not a mistake in the arguments or the input: exit code 1.
package struct RunTimeError: ExitingError {
    package let description: String
    package init(_ message: String) { description = message }
    package var exitCode: Int32 { 1 }
}

extension UsageError {
    /// What the user typed, as one line: control characters (a line break in an argument) written
    /// as escapes, so that a refusal stays one line of text.
    package static func shown(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        return text.unicodeScalars.map { c in
            switch c {
            case "\n": "\\n"
            case "\t": "\\t"
            case "\r": "\\r"
            default: c.properties.generalCategory == .control ? "\\u{" + String(c.value, radix: 16, uppercase: true) + "}" : String(c)
            }
        }.joined()
    }
}
