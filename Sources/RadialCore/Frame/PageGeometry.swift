/// What a picture of a page shows, as drawn, in output pixels (origin top-left, y down, after
/// the scale): every chart's geometry, every text with its box, every element with its path,
/// role, name, value and box. `radial render --geometry` writes it as JSON (`json()`, byte for
/// byte); `Codable` reads that file back (`JSONDecoder().decode(PageGeometry.self, from: data)`).
public struct PageGeometry: Sendable, Hashable {
    /// The picture's width and height in pixels.
    public var width: Int, height: Int
    /// The time on the page's clock the picture is of, in seconds.
    public var time: Double
    /// Pixels a point.
    public var scale: Double
    /// The theme it was drawn in.
    public var theme: Theme
    /// Whether motion was reduced (charts at their final state from the first frame).
    public var reduceMotion: Bool
    /// Whether marks were drawn with pattern fills and lines with dashes, beside color.
    public var patterns: Bool
    /// The text size the page was set at.
    public var textSize: TextSize
    /// Each chart as drawn, in the page's order.
    public var charts: [Chart]
    /// Every text drawn, in drawing order.
    public var texts: [Text]
    /// Every element a pointer, a key or a screen reader reaches, in reading order.
    public var elements: [Element]

    /// One chart as drawn: its `type` and the kind's own fields (`frame`, `center`, `radius`,
    /// `series` with their `points`, `sectors` with their angles…; docs/spec.md, "Geometry"),
    /// in the order `--geometry` writes them.
    public struct Chart: Sendable, Hashable {
        /// Every field, `type` first.
        public var fields: [Field]
        /// The kind, as a spec names it (`radar`, `pie`, `gauge`…).
        public var type: String { if case .string(let s)? = self["type"] { s } else { "" } }
        /// The value of field `key`, or nil.
        public subscript(key: String) -> Value? { fields.first { $0.key == key }?.value }
        /// The chart's square (or its plot's box), in pixels, when the kind has one.
        public var frame: Rect? { self["frame"]?.rect }
        /// The chart's center, in pixels, when the kind has one.
        public var center: Vec2? { self["center"]?.point }
    }

    /// A named field of a chart's geometry.
    public struct Field: Sendable, Hashable {
        /// The field's name.
        public var key: String
        /// Its value.
        public var value: Value
        /// The field `key` holding `value`.
        public init(_ key: String, _ value: Value) { self.key = key; self.value = value }
    }

    /// A value in a chart's geometry: numbers (pixels, degrees, shares), texts, lists and
    /// objects of them, as JSON holds them.
    public indirect enum Value: Sendable, Hashable {
        /// A number with a fraction (pixels, angles); written with at most four decimals.
        case number(Double)
        /// A whole number (a count, an index).
        case integer(Int)
        /// A text (a name, a color as `#RRGGBBAA`).
        case string(String)
        /// True or false.
        case bool(Bool)
        /// Nothing (a number that is not finite, a label there is none of).
        case null
        /// A list (a point is `[x, y]`, a box `[x, y, width, height]`).
        case array([Value])
        /// Named fields, in order.
        case object([Field])

        /// The number, whole or not; nil for other values.
        public var double: Double? {
            switch self {
            case .number(let d): d
            case .integer(let i): Double(i)
            default: nil
            }
        }
        /// `[x, y]` as a point; nil for other values.
        public var point: Vec2? {
            guard case .array(let a) = self, a.count == 2, let x = a[0].double, let y = a[1].double else { return nil }
            return Vec2(x, y)
        }
        /// `[x, y, width, height]` as a rectangle; nil for other values.
        public var rect: Rect? {
            guard case .array(let a) = self, a.count == 4 else { return nil }
            let n = a.compactMap(\.double)
            return n.count == 4 ? Rect(x: n[0], y: n[1], width: n[2], height: n[3]) : nil
        }
        /// The value of field `key` of an object; nil for other values.
        public subscript(key: String) -> Value? {
            guard case .object(let fields) = self else { return nil }
            return fields.first { $0.key == key }?.value
        }
        /// Element `i` of a list; nil for other values and past the end.
        public subscript(index: Int) -> Value? {
            guard case .array(let a) = self, a.indices.contains(index) else { return nil }
            return a[index]
        }
    }

    /// A text as drawn: what it says, what it is, its box and size, whether it was wrapped or shortened.
    public struct Text: Sendable, Hashable {
        /// The whole text, as the data has it.
        public var text: String
        /// What it is on the page (`title`, `axisLabel`, `legend`…).
        public var role: String
        /// Its lines' bounds, in pixels.
        public var box: Rect
        /// The glyphs' size in pixels.
        public var fontSize: Double
        /// The lines it was set on.
        public var lines: Int
        /// Whether some of it was left out ("…").
        public var shortened: Bool
        /// The chart it belongs to (its index on the page), nil for the page's own text.
        public var chart: Int?
        /// The lines as drawn, when it was wrapped or shortened.
        public var shown: [String]?
        /// How strongly it is drawn beyond its color (below 1 while a chart morphing into a new
        /// kind fades that kind's labels in; the JSON writes it only then).
        public var opacity: Double = 1
        /// How far it is turned, in degrees clockwise on the screen, in (−90, 90] so that it never
        /// reads upside down (0: horizontal; the JSON writes it only when turned).
        public var angle: Double = 0
        /// A turned text's line box as drawn, its four corners in pixels clockwise from the start
        /// of its top edge (`box` holds their bounds); nil when horizontal.
        public var corners: [Vec2]? = nil
    }

    /// An element as the pointer, the keyboard and a screen reader reach it.
    public struct Element: Sendable, Hashable {
        /// Its stable id.
        public var id: String
        /// Its path (`charts[0].axes[2]`), as `--focus` and `--toggle` name it.
        public var path: String
        /// Its role (`chart`, `axis`, `sector`, `legendEntry`…).
        public var role: String
        /// Its accessible name.
        public var name: String
        /// Its accessible value ("City 55, Trail 80, of 100").
        public var value: String
        /// Its box, in pixels.
        public var box: Rect
        /// What it does when acted on (`toggle`, `replay`, `drill`…).
        public var actions: [String]
        /// A legend entry's state: shown (true) or hidden; nil for other elements.
        public var checked: Bool?
        /// Whether it has keyboard focus.
        public var focused: Bool
        /// Whether the pointer is over it.
        public var hovered: Bool
    }
}

// MARK: - The JSON `--geometry` writes

extension PageGeometry {
    /// The geometry as `radial render --geometry` writes it: indented two spaces a level when
    /// `pretty` (the default), numbers with at most four decimals, fields in the order drawn.
    public func json(pretty: Bool = true) -> String { jsonOut.serialized(pretty: pretty) }

    package var jsonOut: JSONOut {
        func box(_ r: Rect) -> JSONOut { .array([r.x, r.y, r.width, r.height].map { .number($0) }) }
        return .object([
            ("width", .int(width)),
            ("height", .int(height)),
            ("time", .number(time)),
            ("scale", .number(scale)),
            ("theme", .string(theme.rawValue)),
            ("reduceMotion", .bool(reduceMotion)),
            ("patterns", .bool(patterns)),
            ("textSize", .string(textSize.rawValue)),
            ("charts", .array(charts.map { .object($0.fields.map { ($0.key, $0.value.jsonOut) }) })),
            ("texts", .array(texts.map { t in
                var fields: [(String, JSONOut)] = [
                    ("text", .string(t.text)), ("role", .string(t.role)), ("box", box(t.box)),
                    ("fontSize", .number(t.fontSize)), ("lines", .int(t.lines)), ("shortened", .bool(t.shortened)),
                ]
                if let c = t.chart { fields.append(("chart", .string("charts[\(c)]"))) }
                if let shown = t.shown { fields.append(("shown", .array(shown.map { .string($0) }))) }
                if t.opacity < 1 { fields.append(("opacity", .number(t.opacity))) }
                if t.angle != 0 { fields.append(("angle", .number(t.angle))) }
                if let corners = t.corners { fields.append(("corners", .array(corners.map { .array([.number($0.x), .number($0.y)]) }))) }
                return .object(fields)
            })),
            ("elements", .array(elements.map { e in
                var fields: [(String, JSONOut)] = [
                    ("id", .string(e.id)), ("path", .string(e.path)), ("role", .string(e.role)),
                    ("name", .string(e.name)), ("value", .string(e.value)), ("box", box(e.box)),
                    ("actions", .array(e.actions.map { .string($0) })),
                ]
                if let c = e.checked { fields.append(("checked", .bool(c))) }
                if e.focused { fields.append(("focused", .bool(true))) }
                if e.hovered { fields.append(("hovered", .bool(true))) }
                return .object(fields)
            })),
        ])
    }
}

extension PageGeometry.Value {
    /// A value from the JSON a chart's record is built of.
    package init(_ json: JSONOut) {
        switch json {
        case .number(let d): self = .number(d)
        case .int(let i): self = .integer(i)
        case .string(let s): self = .string(s)
        case .bool(let b): self = .bool(b)
        case .null: self = .null
        case .array(let a): self = .array(a.map(PageGeometry.Value.init))
        case .object(let o): self = .object(o.map { PageGeometry.Field($0.0, PageGeometry.Value($0.1)) })
        }
    }

    package var jsonOut: JSONOut {
        switch self {
        case .number(let d): .number(d)
        case .integer(let i): .int(i)
        case .string(let s): .string(s)
        case .bool(let b): .bool(b)
        case .null: .null
        case .array(let a): .array(a.map(\.jsonOut))
        case .object(let o): .object(o.map { ($0.key, $0.value.jsonOut) })
        }
    }
}

// MARK: - Codable: the same JSON, read and written by Foundation's coders

extension PageGeometry: Codable {
    private enum Key: String, CodingKey { case width, height, time, scale, theme, reduceMotion, patterns, textSize, charts, texts, elements }

    /// A geometry from the JSON `--geometry` writes.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        width = try c.decode(Int.self, forKey: .width); height = try c.decode(Int.self, forKey: .height)
        time = try c.decode(Double.self, forKey: .time); scale = try c.decode(Double.self, forKey: .scale)
        theme = try c.decode(Theme.self, forKey: .theme); reduceMotion = try c.decode(Bool.self, forKey: .reduceMotion)
        patterns = try c.decodeIfPresent(Bool.self, forKey: .patterns) ?? false
        textSize = try c.decode(TextSize.self, forKey: .textSize)
        charts = try c.decode([Chart].self, forKey: .charts)
        texts = try c.decode([Text].self, forKey: .texts)
        elements = try c.decode([Element].self, forKey: .elements)
    }

    /// The geometry as `--geometry`'s JSON holds it (Foundation's coder chooses spacing and
    /// number forms; `json()` writes it byte for byte as `radial` does).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(width, forKey: .width); try c.encode(height, forKey: .height)
        try c.encode(time, forKey: .time); try c.encode(scale, forKey: .scale)
        try c.encode(theme, forKey: .theme); try c.encode(reduceMotion, forKey: .reduceMotion); try c.encode(patterns, forKey: .patterns)
        try c.encode(textSize, forKey: .textSize)
        try c.encode(charts, forKey: .charts); try c.encode(texts, forKey: .texts); try c.encode(elements, forKey: .elements)
    }
}

/// Any key, for the fields of a chart's geometry.
private struct FieldKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension PageGeometry.Chart: Codable {
    /// A chart's fields from a JSON object.
    public init(from decoder: any Decoder) throws {
        guard case .object(let fields) = try PageGeometry.Value(from: decoder) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "expected a chart's geometry (an object)"))
        }
        self.fields = fields
    }
    /// The chart's fields as one JSON object.
    public func encode(to encoder: any Encoder) throws { try PageGeometry.Value.object(fields).encode(to: encoder) }
}

extension PageGeometry.Value: Codable {
    /// Whatever JSON value is there: a whole number as `integer`, one with a fraction as `number`.
    public init(from decoder: any Decoder) throws {
        if var a = try? decoder.unkeyedContainer() {
            var items: [PageGeometry.Value] = []
            while !a.isAtEnd { items.append(try a.decode(PageGeometry.Value.self)) }
            self = .array(items)
        } else if let o = try? decoder.container(keyedBy: FieldKey.self) {
            self = .object(try o.allKeys.map { PageGeometry.Field($0.stringValue, try o.decode(PageGeometry.Value.self, forKey: $0)) })
        } else {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null }
            else if let b = try? c.decode(Bool.self) { self = .bool(b) }
            else if let i = try? c.decode(Int.self) { self = .integer(i) }
            else if let d = try? c.decode(Double.self) { self = .number(d) }
            else { self = .string(try c.decode(String.self)) }
        }
    }

    /// The value as JSON (NaN and infinities, which JSON cannot hold, as null).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .number(let d):
            var c = encoder.singleValueContainer()
            if d.isFinite { try c.encode(d) } else { try c.encodeNil() }
        case .integer(let i): var c = encoder.singleValueContainer(); try c.encode(i)
        case .string(let s): var c = encoder.singleValueContainer(); try c.encode(s)
        case .bool(let b): var c = encoder.singleValueContainer(); try c.encode(b)
        case .null: var c = encoder.singleValueContainer(); try c.encodeNil()
        case .array(let a):
            var c = encoder.unkeyedContainer()
            for v in a { try c.encode(v) }
        case .object(let o):
            var c = encoder.container(keyedBy: FieldKey.self)
            for f in o { try c.encode(f.value, forKey: FieldKey(stringValue: f.key)) }
        }
    }
}

extension PageGeometry.Text: Codable {
    private enum Key: String, CodingKey { case text, role, box, fontSize, lines, shortened, chart, shown, opacity, angle, corners }

    /// A text from its JSON (`"chart": "charts[1]"`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        text = try c.decode(String.self, forKey: .text); role = try c.decode(String.self, forKey: .role)
        box = try PageGeometry.rect(c.decode([Double].self, forKey: .box), at: c.codingPath)
        fontSize = try c.decode(Double.self, forKey: .fontSize); lines = try c.decode(Int.self, forKey: .lines)
        shortened = try c.decode(Bool.self, forKey: .shortened)
        chart = try c.decodeIfPresent(String.self, forKey: .chart).flatMap(PageGeometry.chartIndex)
        shown = try c.decodeIfPresent([String].self, forKey: .shown)
        opacity = try c.decodeIfPresent(Double.self, forKey: .opacity) ?? 1
        angle = try c.decodeIfPresent(Double.self, forKey: .angle) ?? 0
        corners = try c.decodeIfPresent([[Double]].self, forKey: .corners).map { points in
            try points.map { p in
                guard p.count == 2 else { throw DecodingError.dataCorruptedError(forKey: .corners, in: c, debugDescription: "a corner is [x, y]") }
                return Vec2(p[0], p[1])
            }
        }
    }

    /// The text as `--geometry` writes it.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(text, forKey: .text); try c.encode(role, forKey: .role)
        try c.encode([box.x, box.y, box.width, box.height], forKey: .box)
        try c.encode(fontSize, forKey: .fontSize); try c.encode(lines, forKey: .lines); try c.encode(shortened, forKey: .shortened)
        try c.encodeIfPresent(chart.map { "charts[\($0)]" }, forKey: .chart)
        try c.encodeIfPresent(shown, forKey: .shown)
        if opacity < 1 { try c.encode(opacity, forKey: .opacity) }
        if angle != 0 { try c.encode(angle, forKey: .angle) }
        try c.encodeIfPresent(corners.map { $0.map { [$0.x, $0.y] } }, forKey: .corners)
    }
}

extension PageGeometry.Element: Codable {
    private enum Key: String, CodingKey { case id, path, role, name, value, box, actions, checked, focused, hovered }

    /// An element from its JSON.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        id = try c.decode(String.self, forKey: .id); path = try c.decode(String.self, forKey: .path)
        role = try c.decode(String.self, forKey: .role); name = try c.decode(String.self, forKey: .name)
        value = try c.decode(String.self, forKey: .value)
        box = try PageGeometry.rect(c.decode([Double].self, forKey: .box), at: c.codingPath)
        actions = try c.decode([String].self, forKey: .actions)
        checked = try c.decodeIfPresent(Bool.self, forKey: .checked)
        focused = try c.decodeIfPresent(Bool.self, forKey: .focused) ?? false
        hovered = try c.decodeIfPresent(Bool.self, forKey: .hovered) ?? false
    }

    /// The element as `--geometry` writes it (`focused` and `hovered` only when true).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        try c.encode(id, forKey: .id); try c.encode(path, forKey: .path); try c.encode(role, forKey: .role)
        try c.encode(name, forKey: .name); try c.encode(value, forKey: .value)
        try c.encode([box.x, box.y, box.width, box.height], forKey: .box)
        try c.encode(actions, forKey: .actions)
        try c.encodeIfPresent(checked, forKey: .checked)
        if focused { try c.encode(true, forKey: .focused) }
        if hovered { try c.encode(true, forKey: .hovered) }
    }
}

extension PageGeometry {
    fileprivate static func rect(_ n: [Double], at path: [any CodingKey]) throws -> Rect {
        guard n.count == 4 else { throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "expected a box [x, y, width, height]")) }
        return Rect(x: n[0], y: n[1], width: n[2], height: n[3])
    }

    /// 3 for `charts[3]`.
    fileprivate static func chartIndex(_ s: String) -> Int? {
        guard s.hasPrefix("charts["), s.hasSuffix("]") else { return nil }
        return Int(s.dropFirst(7).dropLast())
    }
}
