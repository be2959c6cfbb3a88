import Foundation
import TestSupport
import Testing

/// run.json records when auditing ended and when each report file was written, to the millisecond: the report
/// phase of a run, which `Scripts/bench scale` prints.
@Suite struct RunTimingTests {
    static let server = FixtureServer.shared
    static let formats = "json,html,csv,junit,markdown"

    /// An audit of one domain into `out`, every format.
    static func audit(into out: URL) async throws -> RunResult {
        let result = try await Binary.run(
            ["audit", "good.aasa.test", "--out", out.path, "--format", formats, "--quiet"] + server.auditArguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result
    }

    static func record(in out: URL) throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("run.json")))
                as? [String: Any])
    }

    /// `text` as a date when it has exactly three fractional digits, in UTC.
    static func millisecondDate(_ text: String) -> Date? {
        guard text.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/#) != nil else { return nil }
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
    }

    /// The times had whole seconds, too coarse for a report phase of about 2 s.
    @Test func runJSONRecordsToTheMillisecondWhenFetchingEndedAndEachReportWasRenamed() async throws {
        let out = try tempDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try await Self.audit(into: out)
        let timing = try #require(try Self.record(in: out)["timing"] as? [String: Any])
        let endedText = try #require(timing["fetchingEndedAt"] as? String)
        let ended = try #require(Self.millisecondDate(endedText), "\(endedText)")
        #expect(result.startedAt <= ended)
        let written = try #require(timing["reportsWrittenAt"] as? [String: String])
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(Set(written.keys) == Set(files).subtracting(["run.json", "domains.jsonl"]), "every report file")
        #expect(
            written.keys.sorted() == [
                "findings.csv", "report.html", "report.json", "report.junit.xml",
                "summary.md", "urls.csv",
            ])
        for (name, text) in written {
            let date = try #require(Self.millisecondDate(text), "\(name): \(text)")
            #expect(ended <= date, "\(name) renamed after fetching ended")
            #expect(date <= result.exitedAt, "\(name) renamed before the process ended")
        }
    }

    /// A run folder whose run.json has whole seconds (written by earlier builds) or milliseconds is resumed, and
    /// the new times are written to the millisecond.
    @Test(arguments: ["2026-11-27T14:45:37Z", "2026-11-27T14:45:37.123Z"])
    func aRunFolderWithEitherFormOfTimingIsResumed(_ time: String) async throws {
        let out = try tempDirectory()
        defer { try? FileManager.default.removeItem(at: out) }
        _ = try await Self.audit(into: out)
        var record = try Self.record(in: out)
        record["timing"] = ["fetchingEndedAt": time, "reportsWrittenAt": ["report.json": time, "summary.md": time]]
        try JSONSerialization.data(withJSONObject: record).write(to: out.appendingPathComponent("run.json"))
        let resumed = try await Binary.run(["audit", "--resume", out.path, "--quiet"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.isEmpty, "\(resumed.stderr)")
        let timing = try #require(try Self.record(in: out)["timing"] as? [String: Any])
        let ended = try #require((timing["fetchingEndedAt"] as? String).flatMap(Self.millisecondDate))
        #expect(ended >= resumed.startedAt, "timing is the resumed run's")
        #expect((timing["reportsWrittenAt"] as? [String: String])?.count == 6)
    }
}
