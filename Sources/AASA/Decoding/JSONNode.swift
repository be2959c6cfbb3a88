import Foundation

/// A 1-based line and column (in Unicode scalars) plus the byte offset, so findings point into the file. Made only
/// by the decoder (the memberwise initialiser stays internal).
public struct SourcePosition: Hashable, Sendable, Codable {
    public var line: Int
    public var column: Int
    public var offset: Int
}

/// One decoded JSON value with where it came from; duplicate object keys are kept so they can be reported.
public struct JSONNode: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        case object([JSONMember])
        case array([JSONNode])
        case string(String)
        /// The number as written; AASA files never need arithmetic.
        case number(String)
        case bool(Bool)
        case null
    }

    public var value: Value
    /// RFC 6901 JSON Pointer of this value.
    public var pointer: String
    public var position: SourcePosition

    /// Member lookup; with duplicate keys the last one wins, as in Foundation's JSONSerialization.
    public subscript(key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    public var members: [JSONMember]? {
        if case .object(let m) = value { return m }
        return nil
    }

    public var elements: [JSONNode]? {
        if case .array(let a) = value { return a }
        return nil
    }

    public var string: String? {
        if case .string(let s) = value { return s }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let b) = value { return b }
        return nil
    }

    /// The JSON type in the words a web developer uses.
    public var typeName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    /// Compact JSON text of this value, used to quote a rule "as written".
    public var jsonText: String {
        switch value {
        case .object(let members):
            "{" + members.map { JSONNode.quote($0.key) + ": " + $0.value.jsonText }.joined(separator: ", ") + "}"
        case .array(let items): "[" + items.map(\.jsonText).joined(separator: ", ") + "]"
        case .string(let s): JSONNode.quote(s)
        case .number(let n): n
        case .bool(let b): b ? "true" : "false"
        case .null: "null"
        }
    }

    /// Indented JSON in the file's own key order, for showing a minified file to a person.
    public func prettyText(indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n"
                + members.map { inner + JSONNode.quote($0.key) + ": " + $0.value.prettyText(indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({ if case .string = $0.value { true } else { false } }), jsonText.count < 100 {
                return jsonText
            }
            return "[\n" + items.map { inner + $0.prettyText(indent: inner) }.joined(separator: ",\n") + "\n" + indent
                + "]"
        default:
            return jsonText
        }
    }

    /// JSON string literal for `s`: `JSONBytes.string`'s escaping, with U+0008 and U+000C as `\u0008` and
    /// `\u000c` as this text has always had them (a rule's `jsonText` is its `rule` in the reports).
    public static func quote(_ s: String) -> String {
        var out: [UInt8] = []
        JSONBytes.string(s, &out, .numeric)
        return String(decoding: out, as: UTF8.self)
    }
}

public struct JSONMember: Hashable, Sendable {
    public var key: String
    public var keyPosition: SourcePosition
    public var value: JSONNode
}

/// Escapes a key for use as one JSON Pointer reference token (RFC 6901 §3).
public func jsonPointerToken(_ key: String) -> String {
    key.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
}
