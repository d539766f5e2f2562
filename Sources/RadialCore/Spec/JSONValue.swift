/// Where a JSON value starts in its file: 1-based line and column (columns count Unicode
/// scalars, so a line with "é" in it is counted as an editor shows it).
package struct JSONPosition: Hashable, Sendable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package init(line: Int, column: Int) { self.line = line; self.column = column }
    package var description: String { "line \(line), column \(column)" }
}

/// A JSON value as the file wrote it: object members keep their order and every value its position.
package enum JSONValue: Hashable, Sendable {
    case object([JSONMember])
    case array([JSONNode])
    case string(String)
    /// Numbers too large for a `Double` arrive as ±infinity; the reader decides what they mean.
    case number(Double)
    case bool(Bool)
    case null
}

/// A value and where it starts.
package struct JSONNode: Hashable, Sendable {
    package var value: JSONValue
    package var position: JSONPosition
    package init(_ value: JSONValue, at position: JSONPosition) { self.value = value; self.position = position }
}

/// One `"key": value` of an object, with the key's position.
package struct JSONMember: Hashable, Sendable {
    package var key: String
    package var keyPosition: JSONPosition
    package var node: JSONNode
    package init(key: String, keyPosition: JSONPosition, node: JSONNode) {
        self.key = key; self.keyPosition = keyPosition; self.node = node
    }
}

/// A file that is not JSON: where, and what was expected there.
package struct JSONSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    package var position: JSONPosition
    package var message: String
    package init(position: JSONPosition, message: String) { self.position = position; self.message = message }
    /// `line 3, column 14: expected "," or "}" after the value of "title", got "\""`
    package var description: String { "\(position): \(message)" }
}


extension JSONNode {
    /// `over` laid over `base`: objects merged key by key (recursively), the `charts` of a page
    /// chart by chart, anything else (other arrays, numbers, strings) replaced by `over`'s.
    package static func merged(_ base: JSONNode, _ over: JSONNode, key: String? = nil) -> JSONNode {
        switch (base.value, over.value) {
        case (.object(let b), .object(let o)):
            var members = b
            for m in o {
                if let i = members.lastIndex(where: { $0.key == m.key }) {
                    members[i] = JSONMember(key: m.key, keyPosition: m.keyPosition, node: merged(members[i].node, m.node, key: m.key))
                } else {
                    members.append(m)
                }
            }
            return JSONNode(.object(members), at: over.position)
        case (.array(let b), .array(let o)) where key == "charts":
            var items = b
            for (i, item) in o.enumerated() {
                if i < items.count { items[i] = merged(items[i], item) } else { items.append(item) }
            }
            return JSONNode(.array(items), at: over.position)
        default:
            return over
        }
    }

    /// The node a simple path names (`charts[0].series[1].values[3]`: keys of letters and
    /// digits, and indices), or nil when the document has nothing there.
    package func node(at path: String) -> JSONNode? {
        var node = self
        var rest = Substring(path)
        while !rest.isEmpty {
            if rest.first == "." { rest = rest.dropFirst() }
            if rest.first == "[" {
                guard let close = rest.firstIndex(of: "]"), let i = Int(rest[rest.index(after: rest.startIndex)..<close]),
                      case .array(let items) = node.value, items.indices.contains(i) else { return nil }
                node = items[i]
                rest = rest[rest.index(after: close)...]
            } else {
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                let key = String(rest[..<end])
                guard case .object(let members) = node.value, let member = members.last(where: { $0.key == key }) else { return nil }
                node = member.node
                rest = rest[end...]
            }
        }
        return node
    }
}
