/// The members a value's `encode(to:)` puts in its keyed container, collected without encoding them, so a
/// streamed writer writes exactly what the Codable conformance declares.
struct MemberList {
    struct Member {
        var key: String
        /// Nil for an explicit `encodeNil`.
        var value: (any Encodable)?
    }

    /// Nil when the value does not encode as one flat keyed container (the writer then encodes it whole).
    static func members(of value: any Encodable) -> [Member]? {
        let recorder = Recorder()
        do {
            try value.encode(to: Lister(recorder: recorder))
        } catch {
            return nil
        }
        return recorder.flat && recorder.keyed ? recorder.members : nil
    }

    final class Recorder {
        var members: [Member] = []
        var keyed = false
        /// False once the value asks for anything but plain members of one keyed container.
        var flat = true
    }

    struct Lister: Encoder {
        let recorder: Recorder
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if recorder.keyed { recorder.flat = false }
            recorder.keyed = true
            return KeyedEncodingContainer(Keyed<Key>(recorder: recorder))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            recorder.flat = false
            return Discard()
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            recorder.flat = false
            return Discard()
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let recorder: Recorder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws {
            recorder.members.append(Member(key: key.stringValue, value: nil))
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            recorder.members.append(Member(key: key.stringValue, value: value))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        )
            -> KeyedEncodingContainer<NestedKey>
        {
            recorder.flat = false
            return KeyedEncodingContainer(Keyed<NestedKey>(recorder: Recorder()))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            recorder.flat = false
            return Discard()
        }

        mutating func superEncoder() -> any Encoder {
            recorder.flat = false
            return Lister(recorder: Recorder())
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            recorder.flat = false
            return Lister(recorder: Recorder())
        }
    }

    /// Accepts and drops whatever a value that is not flat writes.
    struct Discard: UnkeyedEncodingContainer, SingleValueEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count: Int { 0 }

        mutating func encodeNil() throws {}
        mutating func encode<T: Encodable>(_ value: T) throws {}

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        )
            -> KeyedEncodingContainer<NestedKey>
        {
            KeyedEncodingContainer(Keyed<NestedKey>(recorder: Recorder()))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { Discard() }
        mutating func superEncoder() -> any Encoder { Lister(recorder: Recorder()) }
    }
}
