import Foundation
import Testing

@testable import Audit

/// Files read back (shards, baselines, run.json) are opened only when they are regular files, judged by the open
/// descriptor: a FIFO is refused without blocking, a device without being read.
@Suite struct RegularFileTests {
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-regular-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func refusal(_ path: String) -> RegularFile.Refusal? {
        do {
            close(try RegularFile.open(path))
            return nil
        } catch {
            return error
        }
    }

    @Test func aFIFOADeviceAndADirectoryAreRefusedByKind() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // No writer: a blocking open would never return.
        #expect(refusal(fifo)?.reason == "a FIFO, not a regular file")
        #expect(refusal("/dev/zero")?.reason == "a device, not a regular file")
        #expect(refusal(folder.path)?.reason == "a directory, not a regular file")
        let missing = refusal(folder.appendingPathComponent("none").path)
        #expect(missing?.code == ENOENT && missing?.kind == nil && missing?.reason == "no such file or directory")
    }

    @Test func aLinkToARegularFileIsReadAndSizeIsCapped() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("run.json")
        try Data("0123456789".utf8).write(to: file)
        let link = folder.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        #expect(try RegularFile.contents(link.path, limit: 10) == Array("0123456789".utf8))
        #expect(throws: RegularFile.Refusal.self) { try RegularFile.contents(file.path, limit: 9) }
        do {
            _ = try RegularFile.contents(file.path, limit: 9)
        } catch {
            #expect(error.reason == "larger than 9 bytes, more than any such file holds")
        }
        let zero = folder.appendingPathComponent("zero.json")
        try FileManager.default.createSymbolicLink(atPath: zero.path, withDestinationPath: "/dev/zero")
        #expect(refusal(zero.path)?.kind == "a device", "a link is followed, then judged by what it reaches")
    }
}
