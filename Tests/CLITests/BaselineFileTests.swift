import Foundation
import Testing

@testable import AuditCLI

/// `--baseline` that is not a regular file is refused before anything reads from it.
@Suite struct BaselineFileTests {
    func baselineError(_ path: String) throws -> String? {
        let out = FileManager.default.temporaryDirectory.path + "/aasa-cli-out"
        let options = try parsed(["x.test", "--baseline", path, "--out", out], AuditCommand.spec)
        do {
            _ = try AuditCommand.plan(from: options)
            return nil
        } catch {
            return error.message
        }
    }

    /// `/dev/zero` never ends: reading it grew without bound.
    @Test func aDeviceIsRefused() throws {
        #expect(
            try baselineError("/dev/zero")
                == "--baseline /dev/zero is a device: give an earlier report.json (a regular file)")
    }

    /// A folder stands for its report.json; one without is refused saying so.
    @Test func aFolderWithoutAReportIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-baseline-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            try baselineError(directory.path)
                == "--baseline \(directory.path) is a folder without a report.json: give an earlier run's folder or "
                + "its report.json")
    }

    /// A folder whose report.json is itself a folder is refused by what it is.
    @Test func aFolderWhoseReportIsAFolderIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-baseline-\(UUID())")
        let inner = directory.appendingPathComponent("report.json")
        try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(
            try baselineError(directory.path)
                == "--baseline \(inner.path) is a directory: give an earlier report.json (a regular file)")
    }

    /// A FIFO with no writer would block the open forever.
    @Test func aFIFOIsRefusedWithoutOpeningIt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-baseline-\(UUID()).json").path
        #expect(mkfifo(path, 0o600) == 0)
        defer { unlink(path) }
        #expect(try baselineError(path) == "--baseline \(path) is a FIFO: give an earlier report.json (a regular file)")
    }

    /// A symbolic link to a report is still a report.
    @Test func aLinkToARegularFileIsFollowed() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-baseline-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("report.json")
        try Data("[1]".utf8).write(to: target)
        let link = directory.appendingPathComponent("latest.json")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(try baselineError(link.path)?.contains("is not an aasa-audit report.json") == true)
    }
}
