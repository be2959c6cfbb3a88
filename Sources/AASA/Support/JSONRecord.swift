import Foundation

/// A type whose JSON object is declared once, as a table of members (`jsonFields`), and written and read only
/// through it: as bytes by the streamed writer and the byte reader (a crawl writes and reads a hundred thousand URL
/// rows or more, where JSONEncoder and JSONDecoder cost several times the CPU), and through Codable, from the same
/// table, for JSONEncoder and JSONDecoder (whole values, and the decoder's exact error for a record the byte reader
/// does not take). Adding a member is one line in the table.
public protocol JSONRecord: JSONValue {
    static var jsonFields: JSONFields<Self> { get }
    /// The value members are read into: every required member then replaces what it holds.
    static var jsonBlank: Self { get }
    /// Once every member is read: what follows from which members were there, or null (an unknown answer).
    static func settle(_ value: inout Self, read: JSONFields<Self>.Presence)
}

extension JSONRecord {
    public static func settle(_ value: inout Self, read: JSONFields<Self>.Presence) {}

    public func writeJSON(to out: inout [UInt8], layout: JSONBytes.Layout) {
        Self.jsonFields.write(self, to: &out, layout: layout)
    }

    public static func readJSON(_ cursor: inout JSONCursor) -> Self? {
        jsonFields.read(&cursor, only: nil)
    }

    public func encode(to encoder: any Encoder) throws {
        try Self.jsonFields.encode(self, to: encoder)
    }

    public init(from decoder: any Decoder) throws {
        self = try Self.jsonFields.decode(from: decoder, only: nil)
    }

    /// The record in `bytes` (a whole JSON text), or nil when it is not in the writer's plain shape; `only`: the
    /// members read (`JSONFields.mask`), the others read past.
    public static func read(jsonBytes bytes: [UInt8], only: UInt64? = nil) -> Self? {
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = JSONCursor(bytes: buffer)
            guard let value = jsonFields.read(&cursor, only: only), cursor.atEnd else { return nil }
            return value
        }
    }
}

/// A record's members in the order they are declared (which is the order a decoder reads them in, so its first
/// error is the first declared member's) and in the encoder's sorted order, which the writer uses.
public struct JSONFields<Root: JSONRecord>: Sendable {
    let declared: [JSONField<Root>]
    let sorted: [JSONField<Root>]

    public init(_ members: [JSONField<Root>]) {
        precondition(members.count <= 64, "the reader keeps one bit a member")
        declared = members
        sorted = members.sorted { $0.name.description.utf8.lexicographicallyPrecedes($1.name.description.utf8) }
    }

    /// The bits of `names`, for `JSONRecord.read(jsonBytes:only:)` and `decode(from:only:)`.
    public func mask(_ names: StaticString...) -> UInt64 {
        names.reduce(0) { mask, name in mask | 1 << index(of: name) }
    }

    func index(of name: StaticString) -> Int {
        guard let index = name.withUTF8Buffer({ name in declared.firstIndex { $0.isNamed(name) } }) else {
            preconditionFailure("\(name) is no member of \(Root.self)")
        }
        return index
    }

    /// Whether the member at `index` is read: all are, unless `only` leaves it out.
    static func takes(_ index: Int, _ only: UInt64?) -> Bool { only.map { $0 & 1 << index != 0 } ?? true }

    /// Which members a record had, and which of them were `null`.
    public struct Presence {
        let members: JSONFields
        var present: UInt64 = 0
        var null: UInt64 = 0

        public func contains(_ name: StaticString) -> Bool { present & 1 << members.index(of: name) != 0 }
        public func isNull(_ name: StaticString) -> Bool { null & 1 << members.index(of: name) != 0 }
    }

    func write(_ value: Root, to out: inout [UInt8], layout: JSONBytes.Layout) {
        var object = JSONBytes.Object(layout, out: &out)
        for member in sorted where member.isWritten?(value) ?? true {
            object.key(member.name, &out)
            member.write(value, &out, layout.nested)
        }
        object.close(&out)
    }

    /// A member named twice is left to JSONDecoder (which keeps one of the values), as is a missing required one.
    func read(_ cursor: inout JSONCursor, only: UInt64?) -> Root? {
        var value = Root.jsonBlank
        var presence = Presence(members: self)
        let read = cursor.object { cursor, name in
            guard let index = declared.firstIndex(where: { $0.isNamed(name) }), Self.takes(index, only) else {
                return cursor.skipValue()
            }
            let bit: UInt64 = 1 << index
            guard presence.present & bit == 0 else { return false }
            presence.present |= bit
            if cursor.nextIsNull() { presence.null |= bit }
            return declared[index].read(&value, &cursor)
        }
        guard read else { return nil }
        for (index, member) in declared.enumerated() where member.required && Self.takes(index, only) {
            guard presence.present & 1 << index != 0 else { return nil }
        }
        Root.settle(&value, read: presence)
        return value
    }

    func encode(_ value: Root, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        for member in declared where member.isWritten?(value) ?? true {
            try member.encode(value, &container)
        }
    }

    /// The record from a decoder; `only`: the members read (`mask`), the others ignored.
    public func decode(from decoder: any Decoder, only: UInt64? = nil) throws -> Root {
        let container = try decoder.container(keyedBy: JSONKey.self)
        var value = Root.jsonBlank
        var presence = Presence(members: self)
        for (index, member) in declared.enumerated() where Self.takes(index, only) {
            let key = member.key
            guard container.contains(key) else {
                if member.required { try member.decode?(&value, container) }
                continue
            }
            presence.present |= 1 << index
            if try container.decodeNil(forKey: key) { presence.null |= 1 << index }
            try member.decode?(&value, container)
        }
        Root.settle(&value, read: presence)
        return value
    }
}
