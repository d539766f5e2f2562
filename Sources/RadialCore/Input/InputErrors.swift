import Foundation

/// A mistake on the command line or in an input file: exit code 2, one clear message.
public struct UsageError: Error, CustomStringConvertible {
    public let description: String
    public init(_ message: String) { description = message }
}

/// A failure while running, not a mistake in the arguments or the input: exit code 1.
public struct RunTimeError: Error, CustomStringConvertible {
    public let description: String
    public init(_ message: String) { description = message }
}

