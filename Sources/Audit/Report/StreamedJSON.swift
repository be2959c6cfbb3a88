import AASA
import Foundation

/// A value whose JSON object is written one member at a time: its members can be large (a report's domains,
/// a domain's URLs), and only what `encode(to:)` declares is written, in the encoder's sorted order.
protocol StreamedJSONObject: Encodable {}

/// A collection whose JSON array is written element by element rather than encoded whole.
protocol StreamedJSONArray: Encodable {
    /// The elements in order, each to be written as `JSONOutput.encoder()` would write it.
    func forEachJSONElement(_ body: (any Encodable) throws -> Void) throws
    /// Each element as a function writing its bytes (a `JSONRecord`'s `writeJSON`), when the elements are records:
    /// a row boxed as `any Encodable` and cast back copied it twice, most of a big crawl's report.json time. False,
    /// having called nothing, when they are not.
    func forEachJSONRecord(_ body: (_ write: (inout [UInt8], JSONBytes.Layout) -> Void) throws -> Void) throws -> Bool
}

extension StreamedJSONArray {
    func forEachJSONRecord(_ body: (_ write: (inout [UInt8], JSONBytes.Layout) -> Void) throws -> Void) throws -> Bool {
        false
    }
}

extension Array: StreamedJSONArray where Element: StreamedJSONObject {
    func forEachJSONElement(_ body: (any Encodable) throws -> Void) rethrows {
        for element in self { try body(element) }
    }
}

/// Writes JSON in exactly `JSONOutput.encoder()`'s layout (two-space indentation, `"key" : value`, sorted
/// keys, an empty container as an opening line, a blank line and the closing bracket), or, `compact`, in
/// `JSONOutput.compactEncoder()`'s (one line, no spaces), writing the leaves with `JSONByteEncoder` (JSONEncoder
/// only for what that leaves, its output indented to the depth where it lands). Records that write their own bytes
/// (URL rows, `JSONRecord`) skip both. A report test compares the bytes with JSONEncoder's.
struct StreamedJSONWriter {
    private let encoder: JSONEncoder
    private let compact: Bool
    private let sink: (Data) throws -> Void
    private var buffer: [UInt8] = []
    init(compact: Bool = false, sink: @escaping (Data) throws -> Void) {
        self.compact = compact
        encoder = compact ? JSONOutput.compactEncoder() : JSONOutput.encoder()
        self.sink = sink
        buffer.reserveCapacity(Self.flushSize + 4_096)
    }

    static let flushSize = 65_536

    private func layout(_ depth: Int) -> JSONBytes.Layout { JSONBytes.Layout(compact: compact, depth: depth) }

    /// An object of `members` (as `MemberList` lists them) at `depth`: a report whose domains come from a stream.
    mutating func write(members: [MemberList.Member], depth: Int) throws {
        try writeObject(members, depth: depth)
        if buffer.count >= Self.flushSize { try flush() }
    }

    /// `value` at `depth` levels of nesting; the caller has written the indentation of its first line.
    mutating func write(_ value: any Encodable, depth: Int) throws {
        if let value = value as? any JSONRecord {
            value.writeJSON(to: &buffer, layout: layout(depth))
        } else if let object = value as? any StreamedJSONObject, let members = MemberList.members(of: object) {
            try writeObject(members, depth: depth)
        } else if let array = value as? any StreamedJSONArray {
            try writeArray(array, depth: depth)
        } else {
            try writeLeaf(value, depth: depth)
        }
        if buffer.count >= Self.flushSize { try flush() }
    }

    /// A value with no members of its own to stream, in `JSONByteEncoder`, or in JSONEncoder for what that leaves.
    private mutating func writeLeaf(_ value: any Encodable, depth: Int) throws {
        if !JSONByteEncoder.append(value, to: &buffer, layout: layout(depth)) {
            append(try encoder.encode(Leaf(value)), depth: depth)
        }
    }

    /// A line break: the end of a record of the run's log.
    mutating func endLine() {
        buffer.append(UInt8(ascii: "\n"))
    }

    mutating func flush() throws {
        guard !buffer.isEmpty else { return }
        try sink(Data(buffer))
        buffer.removeAll(keepingCapacity: true)
    }

    /// `members` in the encoder's sorted order.
    static func sorted(_ members: [MemberList.Member]) -> [MemberList.Member] {
        members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    private mutating func writeObject(_ members: [MemberList.Member], depth: Int) throws {
        open("{", depth: depth)
        for (position, member) in Self.sorted(members).enumerated() {
            try write(member, first: position == 0, depth: depth)
        }
        try close("}", depth: depth)
    }

    /// A container's opening bracket at `depth`: the pieces of a value whose elements arrive over time.
    mutating func open(_ bracket: StaticString, depth: Int) {
        layout(depth).open(bracket, &buffer)
    }

    /// A member of the object open at `depth`, after the one before it unless `first`.
    mutating func write(_ member: MemberList.Member, first: Bool, depth: Int) throws {
        try key(member.key, first: first, depth: depth)
        if let value = member.value {
            try write(value, depth: depth + 1)
        } else {
            buffer += "null".utf8
        }
    }

    /// A member's name in the object open at `depth`; its value comes next, one level in.
    mutating func key(_ name: String, first: Bool, depth: Int) throws {
        let layout = layout(depth)
        layout.element(first: first, &buffer)
        JSONBytes.string(name, &buffer)
        layout.colon(&buffer)
    }

    /// An element of the array open at `depth` that writes itself member by member (a domain).
    mutating func element(_ value: any Encodable, first: Bool, depth: Int) throws {
        layout(depth).element(first: first, &buffer)
        try write(value, depth: depth + 1)
    }

    /// An element of the array open at `depth` given as compact JSON text (`JSONOutput.compactEncoder()`'s bytes
    /// of the value), laid out as the value would be written here.
    mutating func element(json: ArraySlice<UInt8>, first: Bool, depth: Int) throws {
        layout(depth).element(first: first, &buffer)
        if compact {
            buffer += json
        } else {
            JSONBytes.relayout(json, depth: depth + 1, into: &buffer)
        }
        if buffer.count >= Self.flushSize { try flush() }
    }

    /// The closing bracket of the container open at `depth`.
    mutating func close(_ bracket: StaticString, depth: Int) throws {
        layout(depth).close(bracket, &buffer)
        if buffer.count >= Self.flushSize { try flush() }
    }

    private mutating func writeArray(_ array: any StreamedJSONArray, depth: Int) throws {
        let layout = layout(depth)
        layout.open("[", &buffer)
        var written = false
        let records = try array.forEachJSONRecord { write in
            layout.element(first: !written, &buffer)
            written = true
            write(&buffer, layout.nested)
            if buffer.count >= Self.flushSize { try flush() }
        }
        guard !records else { return layout.close("]", &buffer) }
        try array.forEachJSONElement { element in
            layout.element(first: !written, &buffer)
            written = true
            if let element = element as? any JSONRecord {
                element.writeJSON(to: &buffer, layout: layout.nested)
            } else if element is any StreamedJSONObject {
                try write(element, depth: depth + 1)
            } else {
                try writeLeaf(element, depth: depth + 1)
            }
            if buffer.count >= Self.flushSize { try flush() }
        }
        layout.close("]", &buffer)
    }

    /// Encoder output moved `depth` levels in: JSON text has no raw newline inside a string, so every line
    /// after the first gets the indentation, except the blank line of an empty container, as JSONEncoder does.
    /// Whole lines are copied from the encoder's bytes: going through `Data` a byte at a time cost about as much
    /// as encoding. Compact text has no line break, so it is copied as it is.
    private mutating func append(_ text: Data, depth: Int) {
        text.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var start = 0
            if depth > 0 && !compact {
                for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
                    buffer += UnsafeBufferPointer(rebasing: bytes[start...index])
                    start = index + 1
                    if start < bytes.count, bytes[start] != UInt8(ascii: "\n") { JSONBytes.pad(depth, &buffer) }
                }
            }
            buffer += UnsafeBufferPointer(rebasing: bytes[start...])
        }
    }
}

/// Any value encoded through a container, so JSONEncoder applies its strategies (dates) as it would to a member.
private struct Leaf: Encodable {
    let value: any Encodable

    init(_ value: any Encodable) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
