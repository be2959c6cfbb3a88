import Audit
import Foundation
import Testing

@testable import AuditCLI

/// Run folders under Reports/: their order and their markers.
@Suite struct RunFolderTests {
    @Test func runNamesSortByTimestampThenNumber() {
        #expect(OutputDirectory.order("20260101T000000Z")! == ("20260101T000000Z", 1))
        #expect(OutputDirectory.order("20260101T000000Z-10")! == ("20260101T000000Z", 10))
        for name in ["latest", ".running", "20260101T000000Z-", "20260101T000000Z-x", "2026-01-01"] {
            #expect(OutputDirectory.order(name) == nil, "\(name)")
        }
    }

    @Test func aMarkerIsInUseOnlyWhileItsLockIsHeld() throws {
        let reports = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-marker-\(UUID().uuidString)")
        let folder = reports.appendingPathComponent("run")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: reports) }
        let parent = try RunFolder.open(reports.path, creating: false)
        #expect(!RunMarker.inUse("run", in: parent), "no marker: a finished run")
        let path = folder.appendingPathComponent(RunMarker.name).path
        let fd = open(path, O_RDWR | O_CREAT, 0o644)
        #expect(!RunMarker.inUse("run", in: parent), "a marker nobody locks: a crashed run")
        #expect(flock(fd, LOCK_EX | LOCK_NB) == 0)
        #expect(RunMarker.inUse("run", in: parent), "a locked marker: a live run")
        close(fd)
        #expect(!RunMarker.inUse("run", in: parent))
    }
}
