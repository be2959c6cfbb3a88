/// One member of a `JSONRecord`'s JSON object: its name, how it is written (always, or only when `isWritten` says
/// so) and whether and how it is read back. Built by `stored`, `derived` or `conditional`, each of which takes
/// the Swift value the member stands for; everything else follows from that value's type (`JSONValue`). They are
/// inlined where a table is declared, so the optimizer sees each key path literal in its closures and can read the
/// property directly (a row's members are written a hundred thousand times a crawl).
public struct JSONField<Root>: Sendable {
    let name: StaticString
    /// nil: always written.
    let isWritten: (@Sendable (Root) -> Bool)?
    let write: @Sendable (Root, inout [UInt8], JSONBytes.Layout) -> Void
    /// Reads the value into the record; false when the text is not in the writer's plain shape.
    let read: @Sendable (inout Root, inout JSONCursor) -> Bool
    let encode: @Sendable (Root, inout KeyedEncodingContainer<JSONKey>) throws -> Void
    /// nil for a member that is never read back (worked out from others).
    let decode: (@Sendable (inout Root, KeyedDecodingContainer<JSONKey>) throws -> Void)?
    /// A record without it is not read.
    let required: Bool

    var key: JSONKey { JSONKey(stringValue: name.description) }

    /// A member holding `path`: written from it and read back into it; required unless optional.
    @inline(__always)
    public static func stored<Value: JSONValue>(
        _ name: StaticString, _ path: WritableKeyPath<Root, Value> & Sendable
    ) -> JSONField {
        conditional(name, path, writtenWhen: nil, readBeside: nil)
    }

    /// A number member read back only within `range`, what the record keeps of it (a URL row's packed numbers): the
    /// byte reader leaves a row with any other number to JSONDecoder, whose error names the member, the number and
    /// the range, as the report readers' own range checks do.
    @inline(__always)
    public static func stored(
        _ name: StaticString, _ path: WritableKeyPath<Root, Int?> & Sendable, in range: ClosedRange<Int>
    ) -> JSONField {
        let field = stored(name, path)
        return JSONField(
            name: name, isWritten: nil, write: field.write,
            read: { root, cursor in
                guard let value = Int?.readJSON(&cursor), value.map(range.contains) ?? true else { return false }
                root[keyPath: path] = value
                return true
            },
            encode: field.encode,
            decode: { root, container in
                let value = try Int?.decode(from: container, forKey: field.key)
                if let value, !range.contains(value) {
                    throw DecodingError.dataCorruptedError(
                        forKey: field.key, in: container,
                        debugDescription: "\(value) is \(value < 0 ? "negative" : "out of range") "
                            + "(from \(range.lowerBound) to \(range.upperBound))")
                }
                root[keyPath: path] = value
            },
            required: false)
    }

    /// A member written only when `writtenWhen` holds (nil: always), and read only beside the member `readBeside`
    /// (nil: always): the Android members of a URL row, present exactly in a run that judged Android.
    @inline(__always)
    public static func conditional<Value: JSONValue>(
        _ name: StaticString, _ path: WritableKeyPath<Root, Value> & Sendable,
        writtenWhen: (@Sendable (Root) -> Bool)?, readBeside: StaticString?
    ) -> JSONField {
        let key = JSONKey(stringValue: name.description)
        let leader = readBeside.map { JSONKey(stringValue: $0.description) }
        let get = getter(path)
        return JSONField(
            name: name, isWritten: writtenWhen,
            write: { root, out, layout in get(root).writeJSON(to: &out, layout: layout) },
            read: { root, cursor in
                guard let value = Value.readJSON(&cursor) else { return false }
                root[keyPath: path] = value
                return true
            },
            encode: { root, container in try container.encode(root[keyPath: path], forKey: key) },
            decode: { root, container in
                if let leader, !container.contains(leader) { return }
                root[keyPath: path] = try Value.decode(from: container, forKey: key)
            },
            required: !Value.mayBeAbsent && readBeside == nil)
    }

    /// A member worked out from others (`path` is a computed property), written for readers of the file and never
    /// read back; when read, its value only has to have the type it is written with.
    @inline(__always)
    public static func derived<Value: JSONValue>(
        _ name: StaticString, _ path: KeyPath<Root, Value> & Sendable
    )
        -> JSONField
    {
        let key = JSONKey(stringValue: name.description)
        let get = getter(path)
        return JSONField(
            name: name, isWritten: nil,
            write: { root, out, layout in get(root).writeJSON(to: &out, layout: layout) },
            read: { _, cursor in Value.readJSON(&cursor) != nil },
            encode: { root, container in try container.encode(root[keyPath: path], forKey: key) },
            decode: nil, required: false)
    }

    /// Reads `path` of a root. A stored property is read at its offset: applying a key path boxed the whole root
    /// (a URL row and every string in it) for each member read, most of the time report.json spent on a crawl's rows.
    @inline(__always)
    static func getter<Value>(_ path: KeyPath<Root, Value> & Sendable) -> @Sendable (Root) -> Value {
        guard let offset = MemoryLayout<Root>.offset(of: path) else { return { $0[keyPath: path] } }
        return { root in
            withUnsafePointer(to: root) { UnsafeRawPointer($0).load(fromByteOffset: offset, as: Value.self) }
        }
    }

    /// Whether the member's name is the bytes `name`.
    func isNamed(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        self.name.withUTF8Buffer { own in own.count == name.count && own.elementsEqual(name) }
    }
}
