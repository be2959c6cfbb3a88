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
}
