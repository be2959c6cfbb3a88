import AASA
import Testing

/// Lengths and nesting a hostile signed file can declare: each is an error naming the problem, never a trap or a
/// read past the buffer.
@Suite struct DERHostileLengthTests {
    static let padding = [UInt8](repeating: 0, count: 32)

    @Test(
        arguments: [
            // 2^63 in eight length octets: more octets than the reader accepts.
            [0x30, 0x88, 0x80, 0, 0, 0, 0, 0, 0, 0],
            // 2^64 - 1 in nine octets.
            [0x30, 0x89, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
            // 2^32 - 1: accepted as a length, but far past the end of the data.
            [0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF],
            // A child declaring 2^31 - 1 bytes inside a short parent.
            [0x30, 0x0A, 0x06, 0x84, 0x7F, 0xFF, 0xFF, 0xFF, 0, 0, 0, 0],
            // A high tag number whose continuation octets run to the end.
            [0x3F] + [UInt8](repeating: 0xFF, count: 40),
        ] as [[UInt8]])
    func aLengthPastTheDataIsAnError(_ prefix: [UInt8]) {
        let bytes = prefix + Self.padding
        #expect(throws: DERError.self) { try CMSReader.read(bytes) }
    }

    @Test func indefiniteNestingDeeperThanTheLimitIsAnError() {
        let bytes = (0..<400).map { $0 % 2 == 0 ? UInt8(0x30) : UInt8(0x80) }
        #expect(throws: DERError.self) { try CMSReader.read(bytes + Self.padding) }
    }

    @Test func theMessageNamesTheDeclaredLength() throws {
        let error = try #require(throws: DERError.self) {
            try CMSReader.read([0x30, 0x84, 0xFF, 0xFF, 0xFF, 0xFF] + Self.padding)
        }
        #expect(error.message.contains("4294967295") && error.offset == 0)
    }
}
