import Foundation
import TestSupport
import Testing

/// run.json records when auditing ended and when each report file was written: the report phase of a run, which
/// `Scripts/bench scale` prints.
@Suite struct RunTimingTests {
    static let server = FixtureServer.shared

    @Test func runJSONRecordsWhenFetchingEndedAndEachReportWasWritten() async throws {
        let out = try tempDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try await Binary.run(
            ["audit", "good.aasa.test", "--out", out.path, "--format", "json,csv,markdown", "--quiet"]
                + Self.server.auditArguments)
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("run.json")))
                as? [String: Any])
        let timing = try #require(record["timing"] as? [String: Any], "\(record.keys.sorted())")
        let format = ISO8601DateFormatter()
        let ended = try #require((timing["fetchingEndedAt"] as? String).flatMap(format.date(from:)))
        let written = try #require(timing["reportsWrittenAt"] as? [String: String])
        #expect(written.keys.sorted() == ["findings.csv", "report.json", "summary.md", "urls.csv"])
        for (name, at) in written {
            let date = try #require(format.date(from: at), "\(name): \(at)")
            #expect(date >= ended, "\(name) written after fetching ended")
        }
    }
}
