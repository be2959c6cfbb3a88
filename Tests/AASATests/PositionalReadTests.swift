import Foundation
import Testing

@testable import AASA

/// `readFully`, the one read-back-by-offset loop behind the spool files and the run log (`RegularFile.bytes`): the
/// bytes asked for, or why there are none in the words the run log's error sentence quotes.
@Suite struct PositionalReadTests {
    /// A real file holding `bytes`, open for reading while `body` runs.
    static func withFile<T>(_ bytes: [UInt8], _ body: (Int32) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-audit-pread-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let fd = open(url.path, O_RDONLY)
        #expect(fd >= 0)
        defer { close(fd) }
        return try body(fd)
    }

    @Test func readsTheBytesAtAnOffsetOfARealFile() throws {
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let read = try Self.withFile(bytes) { try readFully($0, at: 123_457, length: 100_000) }
        #expect(read == Array(bytes[123_457..<223_457]))
    }

    @Test func aFileThatEndsBeforeTheBytesSaysSo() throws {
        try Self.withFile(Array("0123456789".utf8)) { fd in
            #expect(throws: PositionalReadFailure(description: "ends early")) { try readFully(fd, at: 4, length: 10) }
        }
    }

    @Test func aDescriptorTheSystemRefusesGivesItsWords() {
        let words = String(cString: strerror(EBADF))
        #expect(throws: PositionalReadFailure(description: words)) { try readFully(-1, at: 0, length: 4) }
    }

    @Test func aSpoolFileReadsBackWhatWasAppendedAndNothingPastItsEnd() throws {
        let spool = SpoolFile(name: "pread-test")
        let first = try #require(spool.append(Array("first record".utf8)))
        let second = try #require(spool.append(Array("second".utf8)))
        #expect(spool.read(at: second, length: 6) == Array("second".utf8))
        #expect(spool.read(at: first, length: 12) == Array("first record".utf8))
        #expect(spool.read(at: second, length: 7) == nil)
    }
}
