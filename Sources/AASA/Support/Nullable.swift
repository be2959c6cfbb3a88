/// An optional written as `null` when absent, never left out: report.json, links.json and `match --json` list every
/// key of their objects (docs/contract.md), and synthesized Codable would drop a nil one. Marking the property
/// keeps the type's Codable synthesized instead of a hand-written `encode(to:)` naming every key.
@propertyWrapper
public struct Nullable<Value: Codable & Hashable & Sendable>: Codable, Hashable, Sendable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension KeyedDecodingContainer {
    /// A missing key reads as nil, as it does for a plain optional (older reports, hand-made input).
    public func decode<Value>(_ type: Nullable<Value>.Type, forKey key: Key) throws -> Nullable<Value> {
        try decodeIfPresent(type, forKey: key) ?? Nullable(wrappedValue: nil)
    }
}
