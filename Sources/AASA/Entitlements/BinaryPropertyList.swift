import Foundation

/// A reader for binary property lists (`bplist00`) that enforces the format's rules and a budget.
///
/// Foundation's reader expands shared references: a 244-byte file whose arrays all point at the same arrays (a
/// DAG) decodes to billions of objects. Here every offset and reference must lie inside the file, the object
/// count cannot exceed what the file can hold, a reference cycle is refused, and the total number of objects
/// decoded (shared ones counted each time they are reached) is capped by `maximumDecodedObjects`. Each object is
/// decoded once: a shared one reached again hands back the same value and counts its whole subtree against the
/// budgets at once, so reading takes time in proportion to the file, not to what it expands to.
/// The result uses Foundation's types (`[String: Any]`, `[Any]`, `String`, `Int`, `Double`, `Bool`, `Date`,
/// `Data`), as `PropertyListSerialization` would return them.
public struct BinaryPropertyList {
    /// An entitlements or Info.plist file has tens of objects: 20,000 leaves room for thousands of entries and keeps
    /// the work a DAG of shared references can cause small.
    public static let maximumDecodedObjects = 20_000
    /// Bytes of strings and data decoded in total (a shared string counted each time it is reached).
    public static let maximumDecodedBytes = 16 << 20
    /// Nesting deeper than any entitlements file needs; bounds recursion.
    public static let maximumDepth = 256

    public struct ReadError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    private let bytes: [UInt8]
    private let offsets: [Int]
    private let referenceSize: Int
    /// Where the offset table starts: object data lies between the header and it.
    private let objectsEnd: Int
    private var decoded = 0
    private var decodedBytes = 0
    private var inProgress: Set<Int> = []
    /// By object index, each object decoded so far with what it cost (at most the object budget's worth).
    private var known: [Int: Decoded] = [:]
    /// The deepest level reached in the subtree being decoded.
    private var deepest = 0

    /// An object's value and what its subtree spends of the budgets each time it is reached.
    private struct Decoded {
        var value: Any
        var objects: Int
        var bytes: Int
        /// Levels below the object.
        var height: Int
    }

    /// Whether `bytes` claim to be a binary property list (of any version).
    public static func looksBinary(_ bytes: some Collection<UInt8>) -> Bool { bytes.starts(with: Array("bplist".utf8)) }

    /// Decodes the top object of a `bplist00` file.
    public static func read(_ bytes: [UInt8]) throws(ReadError) -> Any {
        var reader = try BinaryPropertyList(bytes)
        return try reader.object(reader.top, depth: 0)
    }

    private let top: Int

    private init(_ bytes: [UInt8]) throws(ReadError) {
        self.bytes = bytes
        guard bytes.starts(with: Array("bplist00".utf8)) else {
            throw ReadError(description: "only binary property lists of version 00 are supported")
        }
        guard bytes.count >= 8 + 1 + 32 else { throw ReadError(description: "the file is too short") }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
            throw ReadError(description: "the trailer's offset or reference size is not 1 to 8 bytes")
        }
        let count = Self.unsigned(bytes[(trailer + 8)..<(trailer + 16)])
        let topObject = Self.unsigned(bytes[(trailer + 16)..<(trailer + 24)])
        let tableOffset = Self.unsigned(bytes[(trailer + 24)..<(trailer + 32)])
        // Every object takes at least one byte between the header and the offset table.
        guard count >= 1, tableOffset >= 8, tableOffset <= UInt64(trailer), count <= tableOffset - 8,
            topObject < count
        else {
            throw ReadError(description: "the trailer's object count, top object or offset table is out of range")
        }
        let objectCount = Int(count)
        let (tableSize, overflow) = objectCount.multipliedReportingOverflow(by: offsetSize)
        guard !overflow, Int(tableOffset) + tableSize <= trailer else {
            throw ReadError(description: "the offset table runs past the end of the file")
        }
        objectsEnd = Int(tableOffset)
        var offsets: [Int] = []
        offsets.reserveCapacity(objectCount)
        for index in 0..<objectCount {
            let start = objectsEnd + index * offsetSize
            let offset = Self.unsigned(bytes[start..<(start + offsetSize)])
            guard offset >= 8, offset < UInt64(objectsEnd) else {
                throw ReadError(description: "object \(index)'s offset lies outside the object data")
            }
            offsets.append(Int(offset))
        }
        self.offsets = offsets
        top = Int(topObject)
    }

    private static func unsigned(_ slice: ArraySlice<UInt8>) -> UInt64 {
        slice.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// `length` bytes from `start`, all inside the object data.
    private func span(_ start: Int, _ length: Int) throws(ReadError) -> ArraySlice<UInt8> {
        guard length >= 0, start <= objectsEnd, length <= objectsEnd - start else {
            throw ReadError(description: "an object runs past the object data")
        }
        return bytes[start..<(start + length)]
    }

    /// Counts a string's or data's bytes against `maximumDecodedBytes`.
    private mutating func content(_ start: Int, _ length: Int) throws(ReadError) -> ArraySlice<UInt8> {
        let slice = try span(start, length)
        try spend(objects: 0, bytes: length)
        return slice
    }

    /// Counts objects and bytes against the budgets (bytes first: a few long shared strings hit that one first).
    private mutating func spend(objects: Int, bytes: Int) throws(ReadError) {
        decodedBytes += bytes
        guard decodedBytes <= Self.maximumDecodedBytes else {
            throw ReadError(
                description:
                    "its strings and data expand to more than \(Self.maximumDecodedBytes >> 20) MiB (shared references)"
            )
        }
        decoded += objects
        guard decoded <= Self.maximumDecodedObjects else {
            throw ReadError(
                description:
                    "it expands to more than \(Self.maximumDecodedObjects) objects (shared references), far more than an entitlements or Info.plist file holds"
            )
        }
    }

    private mutating func reach(depth: Int) throws(ReadError) {
        guard depth <= Self.maximumDepth else {
            throw ReadError(description: "it nests deeper than \(Self.maximumDepth) levels")
        }
        deepest = max(deepest, depth)
    }

    /// An object's element count: the marker's low nibble, or an integer object following it when that is 0xF.
    private func count(_ marker: UInt8, at offset: Int) throws(ReadError) -> (count: Int, start: Int) {
        let nibble = Int(marker & 0x0F)
        guard nibble == 0x0F else { return (nibble, offset + 1) }
        let head = try span(offset + 1, 1)[offset + 1]
        guard head & 0xF0 == 0x10, head & 0x0F <= 3 else {
            throw ReadError(description: "an object's length is not an integer")
        }
        let size = 1 << Int(head & 0x0F)
        let value = Self.unsigned(try span(offset + 2, size))
        guard value <= UInt64(objectsEnd) else { throw ReadError(description: "an object's length exceeds the file") }
        return (Int(value), offset + 2 + size)
    }

    private mutating func reference(at position: Int) throws(ReadError) -> Int {
        let value = Self.unsigned(try span(position, referenceSize))
        guard value < UInt64(offsets.count) else {
            throw ReadError(description: "a reference points at object \(value), past the \(offsets.count) objects")
        }
        return Int(value)
    }

    /// The object at `index`, decoded the first time it is reached; later reaches spend its subtree's cost again.
    private mutating func object(_ index: Int, depth: Int) throws(ReadError) -> Any {
        if let known = known[index] {
            try spend(objects: known.objects, bytes: known.bytes)
            try reach(depth: depth + known.height)
            return known.value
        }
        let (objects, bytes, outer) = (decoded, decodedBytes, deepest)
        deepest = depth
        try spend(objects: 1, bytes: 0)
        try reach(depth: depth)
        let value = try decode(index, depth: depth)
        known[index] = Decoded(
            value: value, objects: decoded - objects, bytes: decodedBytes - bytes, height: deepest - depth)
        deepest = max(outer, deepest)
        return value
    }

    private mutating func decode(_ index: Int, depth: Int) throws(ReadError) -> Any {
        let offset = offsets[index]
        let marker = bytes[offset]
        switch marker >> 4 {
        case 0x0: return try constant(marker)
        case 0x1, 0x2, 0x3, 0x8: return try number(marker, at: offset)
        case 0x4:
            let (length, start) = try count(marker, at: offset)
            return Data(try content(start, length))
        case 0x5:
            let (length, start) = try count(marker, at: offset)
            return String(decoding: try content(start, length), as: UTF8.self)
        case 0x6: return try utf16String(marker, at: offset)
        case 0xA, 0xC:
            let (length, start) = try count(marker, at: offset)
            let references = try referenceList(start, length)
            try enter(index)
            defer { inProgress.remove(index) }
            var items: [Any] = []
            for reference in references { items.append(try object(reference, depth: depth + 1)) }
            return items
        case 0xD: return try dictionary(marker, index: index, depth: depth)
        default:
            throw ReadError(description: "unknown object marker 0x\(String(marker, radix: 16))")
        }
    }

    /// false, true or null.
    private func constant(_ marker: UInt8) throws(ReadError) -> Any {
        switch marker {
        case 0x08: return false
        case 0x09: return true
        case 0x00: return NSNull()
        default: throw ReadError(description: "unknown object marker 0x\(String(marker, radix: 16))")
        }
    }

    /// An integer, a real, a date or a UID: a fixed-size value after its marker.
    private func number(_ marker: UInt8, at offset: Int) throws(ReadError) -> Any {
        switch marker >> 4 {
        case 0x1:
            let size = 1 << Int(marker & 0x0F)
            guard size <= 16 else { throw ReadError(description: "an integer wider than 16 bytes") }
            let raw = try span(offset + 1, size)
            // 8- and 16-byte integers are signed; 16-byte ones keep their low 8 bytes, as CoreFoundation does.
            let low = Self.unsigned(raw.suffix(8))
            return size >= 8 ? Int(Int64(bitPattern: low)) : Int(low)
        case 0x2:
            let size = 1 << Int(marker & 0x0F)
            guard size == 4 || size == 8 else { throw ReadError(description: "a real that is not 4 or 8 bytes") }
            let raw = Self.unsigned(try span(offset + 1, size))
            return size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)
        case 0x3:
            guard marker == 0x33 else { throw ReadError(description: "a date that is not 8 bytes") }
            let seconds = Double(bitPattern: Self.unsigned(try span(offset + 1, 8)))
            // Foundation's Date traps describing a time past its calendar's range (found by fuzzing): about
            // 10,000 years either side of 2001 is far beyond any real date.
            guard seconds.isFinite, abs(seconds) <= 3.2e11 else {
                throw ReadError(description: "a date \(seconds) seconds from 2001, past any calendar")
            }
            return Date(timeIntervalSinceReferenceDate: seconds)
        default:
            let raw = try span(offset + 1, Int(marker & 0x0F) + 1)
            // Up to 16 bytes in the file: a value past Int's range is refused, not trapped on (found by fuzzing).
            guard let uid = Int(exactly: Self.unsigned(raw.suffix(8))) else {
                throw ReadError(description: "a UID is out of range")
            }
            return ["CF$UID": uid]
        }
    }

    /// A big-endian UTF-16 string.
    private mutating func utf16String(_ marker: UInt8, at offset: Int) throws(ReadError) -> String {
        let (length, start) = try count(marker, at: offset)
        let (size, overflow) = length.multipliedReportingOverflow(by: 2)
        guard !overflow else { throw ReadError(description: "a string's length exceeds the file") }
        let raw = try content(start, size)
        var units: [UInt16] = []
        units.reserveCapacity(length)
        var index = raw.startIndex
        while index < raw.endIndex {
            units.append(UInt16(raw[index]) << 8 | UInt16(raw[index + 1]))
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    /// A dictionary: its keys' references, then its values', each key a string.
    private mutating func dictionary(_ marker: UInt8, index: Int, depth: Int) throws(ReadError) -> [String: Any] {
        let offset = offsets[index]
        let (length, start) = try count(marker, at: offset)
        let (keysSize, overflow) = length.multipliedReportingOverflow(by: referenceSize)
        guard !overflow else { throw ReadError(description: "a dictionary's length exceeds the file") }
        let keys = try referenceList(start, length)
        let values = try referenceList(start + keysSize, length)
        try enter(index)
        defer { inProgress.remove(index) }
        var dictionary: [String: Any] = [:]
        for (key, value) in zip(keys, values) {
            guard let name = try object(key, depth: depth + 1) as? String else {
                throw ReadError(description: "a dictionary key is not a string")
            }
            dictionary[name] = try object(value, depth: depth + 1)
        }
        return dictionary
    }

    /// `length` object references from `start`, each checked against the object count.
    private mutating func referenceList(_ start: Int, _ length: Int) throws(ReadError) -> [Int] {
        let (size, overflow) = length.multipliedReportingOverflow(by: referenceSize)
        guard !overflow else { throw ReadError(description: "a collection's length exceeds the file") }
        _ = try span(start, size)
        var references: [Int] = []
        references.reserveCapacity(length)
        for position in stride(from: start, to: start + size, by: referenceSize) {
            references.append(try reference(at: position))
        }
        return references
    }

    /// Marks a collection as being decoded, refusing one that contains itself.
    private mutating func enter(_ index: Int) throws(ReadError) {
        guard inProgress.insert(index).inserted else {
            throw ReadError(description: "a collection contains itself (a reference cycle)")
        }
    }
}
