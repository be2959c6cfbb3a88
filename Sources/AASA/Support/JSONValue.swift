/// A value a `JSONRecord` member holds: written as bytes, read from bytes, and handed to an encoder's or decoder's
/// container (JSONEncoder and JSONDecoder, for the callers that go through Codable), the same way each time.
public protocol JSONValue: Codable, Sendable {
    /// Appends the value's JSON in `layout` (pretty at `layout.depth`, the caller having written its first line's
    /// indentation; or compact), as `JSONOutput.encoder()` would write it there.
    func writeJSON(to out: inout [UInt8], layout: JSONBytes.Layout)
    /// The value read from the plain shape the writer writes; nil for anything else.
    static func readJSON(_ cursor: inout JSONCursor) -> Self?
    /// The member's value from a decoder's container; an optional reads a missing member as nil.
    static func decode(from container: KeyedDecodingContainer<JSONKey>, forKey key: JSONKey) throws -> Self
    /// A record without this member still reads (an optional).
    static var mayBeAbsent: Bool { get }
}

extension JSONValue {
    public static func decode(from container: KeyedDecodingContainer<JSONKey>, forKey key: JSONKey) throws -> Self {
        try container.decode(Self.self, forKey: key)
    }

    public static var mayBeAbsent: Bool { false }
}

/// A member name for the containers of encoders and decoders.
public struct JSONKey: CodingKey, Sendable {
    public var stringValue: String
    public var intValue: Int? { nil }

    public init(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}

extension String: JSONValue {
    public func writeJSON(to out: inout [UInt8], layout: JSONBytes.Layout) { JSONBytes.string(self, &out) }
    public static func readJSON(_ cursor: inout JSONCursor) -> String? { cursor.string() }
}

extension Int: JSONValue {
    public func writeJSON(to out: inout [UInt8], layout: JSONBytes.Layout) { JSONBytes.int(self, &out) }
    public static func readJSON(_ cursor: inout JSONCursor) -> Int? { cursor.int() }
}

extension Bool: JSONValue {
    public func writeJSON(to out: inout [UInt8], layout: JSONBytes.Layout) { out += (self ? "true" : "false").utf8 }
    public static func readJSON(_ cursor: inout JSONCursor) -> Bool? { cursor.bool() }
}

/// An enumeration written as its raw text; read from a decoder by its own Codable, whose error names a value it
/// does not know.
extension JSONValue where Self: RawRepresentable, RawValue == String {
    public func writeJSON(to out: inout [UInt8], layout: JSONBytes.Layout) { JSONBytes.string(rawValue, &out) }
    public static func readJSON(_ cursor: inout JSONCursor) -> Self? { cursor.string().flatMap(Self.init(rawValue:)) }
}

/// Written `null` when nil, never left out (docs/contract.md); a missing member reads as nil (older reports).
extension Optional: JSONValue where Wrapped: JSONValue {
    public func writeJSON(to out: inout [UInt8], layout: JSONBytes.Layout) {
        switch self {
        case .some(let value): value.writeJSON(to: &out, layout: layout)
        case .none: out += "null".utf8
        }
    }

    public static func readJSON(_ cursor: inout JSONCursor) -> Wrapped?? {
        if cursor.literal("null") { return .some(nil) }
        return Wrapped.readJSON(&cursor).map { .some($0) }
    }

    public static func decode(from container: KeyedDecodingContainer<JSONKey>, forKey key: JSONKey) throws -> Self {
        try container.decodeIfPresent(Wrapped.self, forKey: key)
    }

    public static var mayBeAbsent: Bool { true }
}

/// A list, one element a line.
extension Array: JSONValue where Element: JSONValue {
    public func writeJSON(to out: inout [UInt8], layout: JSONBytes.Layout) {
        layout.open("[", &out)
        for (position, element) in enumerated() {
            layout.element(first: position == 0, &out)
            element.writeJSON(to: &out, layout: layout.nested)
        }
        layout.close("]", &out)
    }

    public static func readJSON(_ cursor: inout JSONCursor) -> [Element]? { cursor.array(Element.readJSON) }
}
