import AASA
import Foundation
import Testing

/// Inputs the `bplist` fuzz target found.
@Suite struct BinaryPropertyListFuzzTests {
    /// A UID (marker 0x8) of eight 0xFF bytes trapped converting to Int ("Not enough bits to represent the passed
    /// value"); it is now a read error.
    @Test func aUIDPastIntsRangeIsARefusalNotATrap() {
        var b = BPlistBuilder()
        let key = b.ascii("k")
        let uid = b.add([0x87] + [UInt8](repeating: 0xFF, count: 8))
        let top = b.dictionary([key], [uid])
        #expect(throws: BinaryPropertyList.ReadError.self) { try BinaryPropertyList.read(b.bytes(top: top)) }
    }

    @Test func aUIDWithinRangeIsRead() throws {
        var b = BPlistBuilder()
        let key = b.ascii("k")
        let uid = b.add([0x80, 0x2A])
        let top = b.dictionary([key], [uid])
        let value = try BinaryPropertyList.read(b.bytes(top: top)) as? [String: Any]
        #expect((value?["k"] as? [String: Int])?["CF$UID"] == 42)
    }

    /// A date of 1e300 seconds was read, then trapped when an entitlement entry was described as text
    /// (`Date.description`); dates past about 10,000 years, and non-finite ones, are read errors now.
    @Test(arguments: [1e300, -1e300, Double.nan, Double.infinity, 3.3e11])
    func aDatePastAnyCalendarIsARefusalNotATrap(seconds: Double) {
        var b = BPlistBuilder()
        let key = b.ascii("k")
        let date = b.add([0x33] + withUnsafeBytes(of: seconds.bitPattern.bigEndian) { Array($0) })
        let top = b.dictionary([key], [date])
        #expect(throws: BinaryPropertyList.ReadError.self) { try BinaryPropertyList.read(b.bytes(top: top)) }
    }

    @Test func anOrdinaryDateIsRead() throws {
        var b = BPlistBuilder()
        let key = b.ascii("k")
        let date = b.add([0x33] + withUnsafeBytes(of: (7.5e8).bitPattern.bigEndian) { Array($0) })
        let top = b.dictionary([key], [date])
        let value = try BinaryPropertyList.read(b.bytes(top: top)) as? [String: Any]
        #expect((value?["k"] as? Date)?.timeIntervalSinceReferenceDate == 7.5e8)
    }

    /// Shared arrays over one UTF-16 string, `depth` levels: the shape of the fuzzer's input
    /// `corpus/bplist/regression-utf16-dag`, refused only after 100 ms under the address sanitizer because every
    /// reach of the string decoded it again.
    static func utf16DAG(depth: Int) -> [UInt8] {
        var b = BPlistBuilder()
        let key = b.ascii("k")
        let units = Array("Optional value".utf16)
        var next = b.add([0x60 | UInt8(units.count)] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        for _ in 0..<depth { next = b.array([next, next]) }
        let top = b.dictionary([key], [next])
        return b.bytes(top: top)
    }

    @Test func aDAGOfSharedUTF16StringsIsRefusedByTheObjectBudget() throws {
        let refused = #expect(throws: BinaryPropertyList.ReadError.self) {
            try BinaryPropertyList.read(Self.utf16DAG(depth: 21))
        }
        #expect(refused?.description.contains("more than 20000 objects") == true, "\(String(describing: refused))")
        let read = try #require(try BinaryPropertyList.read(Self.utf16DAG(depth: 3)) as? [String: Any])
        let strings = Array(try #require(read["k"] as? [[[String]]]).joined().joined())
        #expect(strings == Array(repeating: "Optional value", count: 8))
    }

    /// Each object is decoded once: a string reached six times (through an array reached twice) is one string
    /// whose storage every reach shares. Decoded at each reach, it would be six.
    @Test func aSharedObjectIsDecodedOnce() throws {
        var b = BPlistBuilder()
        let long = String(repeating: "applinks:", count: 5)
        let text = b.add([0x5F, 0x10, UInt8(long.utf8.count)] + Array(long.utf8))
        let list = b.array([text, text, text])
        let top = b.array([list, list])
        let value = try #require(try BinaryPropertyList.read(b.bytes(top: top)) as? [[String]])
        let strings = Array(value.joined())
        #expect(strings == Array(repeating: long, count: 6))
        let storage = Set(strings.map { $0.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) } })
        #expect(storage.count == 1 && storage.allSatisfy { $0 != nil }, "one decoded string, shared")
    }
}
