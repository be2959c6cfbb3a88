import AASA
import Foundation

/// Any Codable value written straight to bytes in `JSONOutput`'s layouts, through its own `encode(to:)`: the one
/// encoder of report.json and the run's log. JSONEncoder builds a tree of boxed values for every leaf and checks each
/// value's type against its special cases on the way; for a run of 20,000 domains that was most of the report
/// phase. Object members are written where they are encoded and put in sorted order when the object is done.
/// A differential test holds the bytes to JSONEncoder's over every report type.
enum JSONByteEncoder {
    /// Appends `value`'s JSON in `layout` (pretty: the caller wrote its first line's indentation). False, with `out`
    /// as it was, for what this writer leaves to JSONEncoder: a nested or super container, a value that encodes
    /// nothing, a number that is not finite.
    static func append(_ value: any Encodable, to out: inout [UInt8], layout: JSONBytes.Layout) -> Bool {
        let sink = Sink(compact: layout.compact)
        let start = out.count
        swap(&out, &sink.bytes)
        defer { swap(&out, &sink.bytes) }
        do {
            try sink.write(value, depth: layout.depth)
        } catch {
            sink.unsupported = true
        }
        if sink.unsupported { sink.bytes.removeSubrange(start...) }
        return !sink.unsupported
    }

    /// Where every container of one value writes.
    final class Sink {
        var bytes: [UInt8] = []
        let compact: Bool
        /// Set by anything this writer does not handle: the caller then encodes the value with JSONEncoder.
        var unsupported = false

        init(compact: Bool) { self.compact = compact }

        func write<T: Encodable>(_ value: T, depth: Int) throws {
            switch value {
            case let text as String: JSONBytes.string(text, &bytes)
            case let number as Int: JSONBytes.int(number, &bytes)
            case let flag as Bool: bytes += (flag ? "true" : "false").utf8
            case let number as Double: self.number(number)
            case let date as Date: JSONBytes.string(date.formatted(.iso8601), &bytes)
            case let url as URL: JSONBytes.string(url.absoluteString, &bytes)
            case is Data, is Decimal, is Float: unsupported = true
            default:
                let frame = Frame(depth: depth)
                try value.encode(to: ByteEncoder(sink: self, frame: frame))
                finish(frame)
            }
        }

        /// As JSONEncoder writes a Double: its description, without a trailing `.0`.
        func number(_ value: Double) {
            guard value.isFinite else {
                unsupported = true
                return
            }
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            bytes += text.utf8
        }

        func pad(_ depth: Int) {
            if !compact { JSONBytes.pad(depth, &bytes) }
        }

        /// Closes what `frame`'s value opened: an object's members are put in sorted order here.
        func finish(_ frame: Frame) {
            switch frame.kind {
            case .none: unsupported = true
            case .single: break
            case .array: JSONBytes.Layout(compact: compact, depth: frame.depth).close("]", &bytes)
            case .object: sortMembers(frame)
            }
        }

        private func sortMembers(_ frame: Frame) {
            let layout = JSONBytes.Layout(compact: compact, depth: frame.depth)
            let region = Array(bytes[frame.start...])
            bytes.removeSubrange(frame.start...)
            layout.open("{", &bytes)
            let sorted = frame.members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (position, member) in sorted.enumerated() {
                if position > 0 { bytes += compact ? ",".utf8 : ",\n".utf8 }
                bytes += region[(member.range.lowerBound - frame.start)..<(member.range.upperBound - frame.start)]
            }
            layout.close("}", &bytes)
        }
    }

    /// The container one value asked for, and what it wrote.
    final class Frame {
        enum Kind { case none, object, array, single }
        let depth: Int
        var kind = Kind.none
        /// Where an object's members begin in the sink.
        var start = 0
        var members: [(key: String, range: Range<Int>)] = []
        var count = 0

        init(depth: Int) { self.depth = depth }
    }

    struct ByteEncoder: Encoder {
        let sink: Sink
        let frame: Frame
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        /// A second container for the same value, or one of another kind, is left to JSONEncoder.
        private func begin(_ kind: Frame.Kind) {
            if frame.kind != .none && (frame.kind != kind || kind != .object) { sink.unsupported = true }
            if frame.kind == .none { frame.start = sink.bytes.count }
            frame.kind = kind
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            begin(.object)
            return KeyedEncodingContainer(Keyed<Key>(sink: sink, frame: frame))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            begin(.array)
            JSONBytes.Layout(compact: sink.compact, depth: frame.depth).open("[", &sink.bytes)
            return Unkeyed(sink: sink, frame: frame)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            begin(.single)
            return Single(sink: sink, frame: frame)
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: Sink
        let frame: Frame
        var codingPath: [any CodingKey] { [] }

        private func member(_ key: Key, _ body: () throws -> Void) rethrows {
            let start = sink.bytes.count
            sink.pad(frame.depth + 1)
            JSONBytes.string(key.stringValue, &sink.bytes)
            sink.bytes += sink.compact ? ":".utf8 : " : ".utf8
            try body()
            frame.members.append((key.stringValue, start..<sink.bytes.count))
        }

        mutating func encodeNil(forKey key: Key) throws {
            member(key) { sink.bytes += "null".utf8 }
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try member(key) { try sink.write(value, depth: frame.depth + 1) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            sink.unsupported = true
            return KeyedEncodingContainer(Keyed<NestedKey>(sink: sink, frame: Frame(depth: frame.depth + 1)))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            sink.unsupported = true
            return Unkeyed(sink: sink, frame: Frame(depth: frame.depth + 1))
        }

        mutating func superEncoder() -> any Encoder {
            sink.unsupported = true
            return ByteEncoder(sink: sink, frame: Frame(depth: frame.depth + 1))
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let sink: Sink
        let frame: Frame
        var codingPath: [any CodingKey] { [] }
        var count: Int { frame.count }

        private func element(_ body: () throws -> Void) rethrows {
            JSONBytes.Layout(compact: sink.compact, depth: frame.depth).element(first: frame.count == 0, &sink.bytes)
            frame.count += 1
            try body()
        }

        mutating func encodeNil() throws {
            element { sink.bytes += "null".utf8 }
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            try element { try sink.write(value, depth: frame.depth + 1) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            sink.unsupported = true
            return KeyedEncodingContainer(Keyed<NestedKey>(sink: sink, frame: Frame(depth: frame.depth + 1)))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            sink.unsupported = true
            return Unkeyed(sink: sink, frame: Frame(depth: frame.depth + 1))
        }

        mutating func superEncoder() -> any Encoder {
            sink.unsupported = true
            return ByteEncoder(sink: sink, frame: Frame(depth: frame.depth + 1))
        }
    }

    struct Single: SingleValueEncodingContainer {
        let sink: Sink
        let frame: Frame
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { sink.bytes += "null".utf8 }
        mutating func encode(_ value: Bool) throws { sink.bytes += (value ? "true" : "false").utf8 }
        mutating func encode(_ value: String) throws { JSONBytes.string(value, &sink.bytes) }
        mutating func encode(_ value: Double) throws { sink.number(value) }
        mutating func encode(_ value: Float) throws { sink.unsupported = true }
        mutating func encode(_ value: Int) throws { JSONBytes.int(value, &sink.bytes) }
        mutating func encode(_ value: Int8) throws { sink.bytes += String(value).utf8 }
        mutating func encode(_ value: Int16) throws { sink.bytes += String(value).utf8 }
        mutating func encode(_ value: Int32) throws { sink.bytes += String(value).utf8 }
        mutating func encode(_ value: Int64) throws { sink.bytes += String(value).utf8 }
        mutating func encode(_ value: UInt) throws { sink.bytes += String(value).utf8 }
        mutating func encode(_ value: UInt8) throws { sink.bytes += String(value).utf8 }
        mutating func encode(_ value: UInt16) throws { sink.bytes += String(value).utf8 }
        mutating func encode(_ value: UInt32) throws { sink.bytes += String(value).utf8 }
        mutating func encode(_ value: UInt64) throws { sink.bytes += String(value).utf8 }
        mutating func encode<T: Encodable>(_ value: T) throws { try sink.write(value, depth: frame.depth) }
    }
}
