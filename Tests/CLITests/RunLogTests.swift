import AASA
import Foundation
import Testing

@testable import Audit
@testable import AuditCLI

/// Where a run's finished domains wait: only a run that crawls keeps its domains' served files for the links
/// judged at the end.
@Suite struct RunLogTests {
    /// Without a crawl no link between domains or custom-scheme link exists, so nothing is spooled; with one, the
    /// log spools each served file.
    @Test func onlyACrawlingRunSpoolsServedFiles() throws {
        for crawls in [false, true] {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("runlog-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: url) }
            let folder = try RunFolder.open(url.path, creating: false)
            let log = RunLog(folder: folder, audited: ["a.test"], kept: [], resuming: false, crawls: crawls)
            #expect(log.sink.spools == crawls, "crawls: \(crawls)")
        }
    }
}
