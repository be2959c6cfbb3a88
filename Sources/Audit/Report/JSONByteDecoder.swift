import AASA
import Foundation

/// Any Decodable value read straight from JSON bytes this process wrote, through its own `init(from:)`: the reading
/// half of `JSONByteEncoder`, for the run's log. JSONDecoder builds a dictionary of every object's members and a
/// coding path for every value; reading a 20,000-domain run's log back for its reports was most of the report
/// phase, and four fifths of that was JSONDecoder on the domains' fetches. Here the text is indexed once (where
/// each value starts and ends) and a member is found by comparing its name's bytes.
///
/// It takes the plain shape `JSONByteEncoder` writes, and nothing it would have to judge: a value of another type
/// than asked for, a number with a fraction where a whole one belongs, a bad escape, invalid UTF-8, a duplicate
/// member (whose winner JSONDecoder decides) all make `decode` return nil, and the caller then hands the text to
/// JSONDecoder, which reads it or names exactly what is wrong. `codingPath` is not kept, for the same reason.
/// A differential test holds its values to JSONDecoder's over every report type.
enum JSONByteDecoder {
    /// `type` read from `bytes` (one whole JSON text), or nil for what this reader leaves to JSONDecoder.
    static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) -> T? {
        guard let document = Document(bytes) else { return nil }
        return try? document.value(T.self, at: 0)
    }

    /// One value of the text: where it lies, and the index of the node after its members or elements.
    struct Node {
        enum Kind: UInt8 { case object, array, string, number, literal }
        var kind: Kind
        var start: Int
        /// Past its last byte (a string's closing quote).
        var end: Int
        /// The node after this one's subtree: its next sibling, or its parent's next.
        var next: Int
        /// Members of an object (each a name node and a value node), elements of an array.
        var count: Int
    }

    /// Thrown for whatever this reader leaves to JSONDecoder; never reaches a user.
    struct NotPlain: Error {}

    /// The text and its index, built in one pass that checks the JSON grammar but for what is inside strings (read
    /// when a string is asked for).
    final class Document {
        let bytes: [UInt8]
        private(set) var nodes: [Node] = []

        init?(_ bytes: [UInt8]) {
            self.bytes = bytes
            nodes.reserveCapacity(bytes.count / 8)
            var index = 0
            let parsed = bytes.withUnsafeBufferPointer { buffer in
                var parser = Parser(bytes: buffer, index: 0, nodes: [])
                swap(&parser.nodes, &nodes)
                defer { swap(&parser.nodes, &nodes) }
                let ok = parser.value(depth: 0)
                parser.skipSpace()
                index = parser.index
                return ok
            }
            guard parsed, index == bytes.count else { return nil }
        }

        func value<T: Decodable>(_ type: T.Type, at node: Int) throws -> T {
            switch type {
            case is String.Type: return try string(at: node) as! T
            case is Int.Type: return try int(at: node) as! T
            case is Bool.Type: return try bool(at: node) as! T
            case is Double.Type: return try double(at: node) as! T
            case is Date.Type:
                guard let date = try? Date.ISO8601FormatStyle().parse(try string(at: node)) else { throw NotPlain() }
                return date as! T
            case is URL.Type:
                guard let url = URL(string: try string(at: node)) else { throw NotPlain() }
                return url as! T
            case is Data.Type, is Decimal.Type, is Float.Type: throw NotPlain()
            case let integer as any FixedWidthInteger.Type: return try self.integer(integer, at: node) as! T
            default: return try T(from: ByteDecoder(document: self, node: node))
            }
        }

        func isNull(_ node: Int) -> Bool {
            nodes[node].kind == .literal && bytes[nodes[node].start] == UInt8(ascii: "n")
        }

        func string(at node: Int) throws -> String { try read(node, .string) { $0.string() } }

        func int(at node: Int) throws -> Int { try read(node, .number) { $0.int() } }

        /// The value at `node`, of `kind`, read by `JSONCursor` from where it starts.
        private func read<R>(_ node: Int, _ kind: Node.Kind, _ body: (inout JSONCursor) -> R?) throws -> R {
            guard nodes[node].kind == kind else { throw NotPlain() }
            let value = bytes.withUnsafeBufferPointer { buffer in
                var cursor = JSONCursor(bytes: buffer, at: nodes[node].start)
                return body(&cursor)
            }
            guard let value else { throw NotPlain() }
            return value
        }

        /// A whole number of any width (`UInt64.max` is past `Int`): digits only, no fraction, no exponent.
        func integer<T: FixedWidthInteger>(_ type: T.Type, at node: Int) throws -> T {
            guard nodes[node].kind == .number else { throw NotPlain() }
            let text = bytes[nodes[node].start..<nodes[node].end]
            guard text.allSatisfy({ $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                let value = T(String(decoding: text, as: UTF8.self))
            else { throw NotPlain() }
            return value
        }

        func double(at node: Int) throws -> Double {
            guard nodes[node].kind == .number else { throw NotPlain() }
            guard let value = Double(String(decoding: bytes[nodes[node].start..<nodes[node].end], as: UTF8.self)),
                value.isFinite
            else { throw NotPlain() }
            return value
        }

        func bool(at node: Int) throws -> Bool {
            guard nodes[node].kind == .literal else { throw NotPlain() }
            switch bytes[nodes[node].start] {
            case UInt8(ascii: "t"): return true
            case UInt8(ascii: "f"): return false
            default: throw NotPlain()
            }
        }

        /// The value nodes of an object's members, by name, in the order written, and whether a name is past
        /// ASCII (found then as JSONDecoder finds it, by String equality, which is Unicode's canonical equivalence);
        /// not plain for a name with an escape or a name written twice.
        func members(of node: Int) throws -> (list: [(name: ArraySlice<UInt8>, value: Int)], unicode: Bool) {
            guard nodes[node].kind == .object else { throw NotPlain() }
            var members: [(name: ArraySlice<UInt8>, value: Int)] = []
            members.reserveCapacity(nodes[node].count)
            var unicode = false
            var child = node + 1
            for _ in 0..<nodes[node].count {
                let name = bytes[nodes[child].start + 1..<nodes[child].end - 1]
                guard !name.contains(UInt8(ascii: "\\")), !members.contains(where: { $0.name == name }) else {
                    throw NotPlain()
                }
                unicode = unicode || name.contains { $0 >= 0x80 }
                members.append((name, child + 1))
                child = nodes[child + 1].next
            }
            if unicode {
                let names = members.map { String(decoding: $0.name, as: UTF8.self) }
                guard Set(names).count == names.count else { throw NotPlain() }
            }
            return (members, unicode)
        }

        /// The element nodes of an array.
        func elements(of node: Int) throws -> [Int] {
            guard nodes[node].kind == .array else { throw NotPlain() }
            var elements: [Int] = []
            elements.reserveCapacity(nodes[node].count)
            var child = node + 1
            for _ in 0..<nodes[node].count {
                elements.append(child)
                child = nodes[child].next
            }
            return elements
        }
    }

    /// The grammar pass behind `Document`.
    struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int
        var nodes: [Node]
        static let maximumDepth = 256

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func value(depth: Int) -> Bool {
            skipSpace()
            guard depth < Self.maximumDepth, index < bytes.count else { return false }
            let node = nodes.count
            nodes.append(Node(kind: .literal, start: index, end: 0, next: 0, count: 0))
            var count = 0
            switch bytes[index] {
            case UInt8(ascii: "{"):
                nodes[node].kind = .object
                index += 1
                if !take(UInt8(ascii: "}")) {
                    repeat {
                        skipSpace()
                        guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), value(depth: depth + 1),
                            take(UInt8(ascii: ":")), value(depth: depth + 1)
                        else { return false }
                        count += 1
                    } while take(UInt8(ascii: ","))
                    guard take(UInt8(ascii: "}")) else { return false }
                }
            case UInt8(ascii: "["):
                nodes[node].kind = .array
                index += 1
                if !take(UInt8(ascii: "]")) {
                    repeat {
                        guard value(depth: depth + 1) else { return false }
                        count += 1
                    } while take(UInt8(ascii: ","))
                    guard take(UInt8(ascii: "]")) else { return false }
                }
            case UInt8(ascii: "\""):
                nodes[node].kind = .string
                guard string() else { return false }
            case UInt8(ascii: "t"): guard literal("true") else { return false }
            case UInt8(ascii: "f"): guard literal("false") else { return false }
            case UInt8(ascii: "n"): guard literal("null") else { return false }
            default:
                nodes[node].kind = .number
                guard number() else { return false }
            }
            nodes[node].end = index
            nodes[node].next = nodes.count
            nodes[node].count = count
            return true
        }

        /// Past a string's closing quote. One with an escape or a byte past ASCII is read whole (as `JSONCursor`
        /// reads it) to check it, as JSONDecoder checks every string, read or not.
        private mutating func string() -> Bool {
            let start = index
            index += 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index += 1
                    return true
                case UInt8(ascii: "\\"), 0x80...:
                    var cursor = JSONCursor(bytes: bytes, at: start)
                    guard cursor.string() != nil else { return false }
                    index = cursor.index
                    return true
                case 0..<0x20: return false
                default: index += 1
                }
            }
            return false
        }

        private mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
            index += count
            return true
        }

        /// JSON's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
        private mutating func number() -> Bool {
            func digits() -> Int {
                let start = index
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
                return index - start
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
            let first = index
            let whole = digits()
            guard whole > 0, whole == 1 || bytes[first] != UInt8(ascii: "0") else { return false }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                guard digits() > 0 else { return false }
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                    index += 1
                }
                guard digits() > 0 else { return false }
            }
            return true
        }
    }

    /// The `Decoder` a type's `init(from:)` is handed: one value of the document.
    struct ByteDecoder: Decoder {
        let document: Document
        let node: Int
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            let members = try document.members(of: node)
            return KeyedDecodingContainer(
                Keyed<Key>(document: document, members: members.list, unicodeNames: members.unicode))
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            Unkeyed(document: document, elements: try document.elements(of: node))
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            Single(document: document, node: node)
        }
    }

    struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let document: Document
        let members: [(name: ArraySlice<UInt8>, value: Int)]
        let unicodeNames: Bool
        var codingPath: [any CodingKey] { [] }

        var allKeys: [Key] {
            members.compactMap { Key(stringValue: String(decoding: $0.name, as: UTF8.self)) }
        }

        func contains(_ key: Key) -> Bool { find(key) != nil }

        private func find(_ key: Key) -> Int? {
            var name = key.stringValue
            if unicodeNames { return members.first { String(decoding: $0.name, as: UTF8.self) == name }?.value }
            return name.withUTF8 { wanted in
                members.first { $0.name.elementsEqual(wanted) }?.value
            }
        }

        private func node(_ key: Key) throws -> Int {
            guard let node = find(key) else { throw NotPlain() }
            return node
        }

        func decodeNil(forKey key: Key) throws -> Bool { document.isNull(try node(key)) }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try document.value(type, at: try node(key))
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let node = find(key), !document.isNull(node) else { return nil }
            return try document.value(type, at: node)
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try document.bool(at: try node(key)) }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try document.string(at: try node(key)) }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try document.double(at: try node(key)) }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try document.int(at: try node(key)) }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try ByteDecoder(document: document, node: try node(key)).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try ByteDecoder(document: document, node: try node(key)).unkeyedContainer()
        }

        // JSONDecoder's super decoder reads the member named "super", or null where there is none.
        func superDecoder() throws -> any Decoder { throw NotPlain() }
        func superDecoder(forKey key: Key) throws -> any Decoder { throw NotPlain() }
    }

    struct Unkeyed: UnkeyedDecodingContainer {
        let document: Document
        let elements: [Int]
        var codingPath: [any CodingKey] { [] }
        var count: Int? { elements.count }
        var isAtEnd: Bool { currentIndex >= elements.count }
        private(set) var currentIndex = 0

        init(document: Document, elements: [Int]) {
            self.document = document
            self.elements = elements
        }

        private mutating func next() throws -> Int {
            guard currentIndex < elements.count else { throw NotPlain() }
            currentIndex += 1
            return elements[currentIndex - 1]
        }

        mutating func decodeNil() throws -> Bool {
            guard currentIndex < elements.count else { throw NotPlain() }
            guard document.isNull(elements[currentIndex]) else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try document.value(type, at: try next()) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try ByteDecoder(document: document, node: try next()).container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try ByteDecoder(document: document, node: try next()).unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { throw NotPlain() }
    }

    struct Single: SingleValueDecodingContainer {
        let document: Document
        let node: Int
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { document.isNull(node) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try document.value(type, at: node) }
        func decode(_ type: Bool.Type) throws -> Bool { try document.bool(at: node) }
        func decode(_ type: String.Type) throws -> String { try document.string(at: node) }
        func decode(_ type: Double.Type) throws -> Double { try document.double(at: node) }
        func decode(_ type: Int.Type) throws -> Int { try document.int(at: node) }
    }
}
