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

    /// JSONDecoder's own error for a fraction or a number past Int's range names neither the member nor the
    /// number (it is not even a DecodingError until the decoder gives up: "The given data was not valid JSON."):
    /// this one names both.
    public static func decode(from container: KeyedDecodingContainer<JSONKey>, forKey key: JSONKey) throws -> Int {
        do {
            return try container.decode(Int.self, forKey: key)
        } catch {
            guard let number = try? container.decode(Double.self, forKey: key) else { throw error }
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "\"\(key.stringValue)\" is \(number), not a whole number")
        }
    }
}

extension Bool: JSONValue {
    public func writeJSON(to out: inout [UInt8], layout: JSONBytes.Layout) { out += (self ? "true" : "false").utf8 }
    public static func readJSON(_ cursor: inout JSONCursor) -> Bool? { cursor.bool() }
}

/// An enumeration written as its raw text.
extension JSONValue where Self: RawRepresentable & CaseIterable, RawValue == String {
    public func writeJSON(to out: inout [UInt8], layout: JSONBytes.Layout) { JSONBytes.string(rawValue, &out) }
    public static func readJSON(_ cursor: inout JSONCursor) -> Self? { cursor.string().flatMap(Self.init(rawValue:)) }

    /// A text it does not know is named with the member and the texts it knows, where its own Codable's error
    /// names the Swift type.
    public static func decode(from container: KeyedDecodingContainer<JSONKey>, forKey key: JSONKey) throws -> Self {
        let text = try container.decode(String.self, forKey: key)
        if let value = Self(rawValue: text) { return value }
        let known = allCases.map { "\"\($0.rawValue)\"" }
        throw DecodingError.dataCorruptedError(
            forKey: key, in: container,
            debugDescription: "\"\(key.stringValue)\" is \(JSONNode.quote(text)), not "
                + known.dropLast().joined(separator: ", ") + " or " + known.last!)
    }
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

    /// The wrapped value's own `decode`, so its errors are the same whether the member may be null or not.
    public static func decode(from container: KeyedDecodingContainer<JSONKey>, forKey key: JSONKey) throws -> Self {
        guard container.contains(key), try !container.decodeNil(forKey: key) else { return nil }
        return try Wrapped.decode(from: container, forKey: key)
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
