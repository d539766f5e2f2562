/// Where a JSON value starts in its file: 1-based line and column (columns count Unicode
/// scalars, so a line with "é" in it is counted as an editor shows it).
public struct JSONPosition: Hashable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) { self.line = line; self.column = column }
    public var description: String { "line \(line), column \(column)" }
}

/// A JSON value as the file wrote it: object members keep their order and every value its position.
public enum JSONValue: Hashable, Sendable {
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    /// Numbers too large for a `Double` arrive as ±infinity; the reader decides what they mean.
    case number(Double)
    case bool(Bool)
    case null
}

/// A value and where it starts.
public struct JSONNode: Hashable, Sendable {
    public var value: JSONValue
    public var position: JSONPosition
    public init(_ value: JSONValue, at position: JSONPosition) { self.value = value; self.position = position }
}

/// One `"key": value` of an object, with the key's position.
public struct JSONMember: Hashable, Sendable {
    public var key: String
    public var keyPosition: JSONPosition
    public var node: JSONNode
    public init(key: String, keyPosition: JSONPosition, node: JSONNode) {
        self.key = key; self.keyPosition = keyPosition; self.node = node
    }
}

/// A file that is not JSON: where, and what was expected there.
public struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var position: JSONPosition
    public var message: String
    public init(position: JSONPosition, message: String) { self.position = position; self.message = message }
    /// `line 3, column 14: expected "," or "}" after the value of "title", got "\""`
    public var description: String { "\(position): \(message)" }
}

