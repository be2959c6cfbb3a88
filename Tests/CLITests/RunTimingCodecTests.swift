import Audit
import Foundation
import Testing

@testable import AuditCLI

/// run.json's `timing` is written to the millisecond and read in that form and in the whole seconds of earlier
/// builds.
@Suite struct RunTimingCodecTests {
    /// 2026-11-27T14:45:37Z.
    static let second: TimeInterval = 1_795_790_737

    static func timing(_ ended: TimeInterval, _ written: TimeInterval) -> RunRecord.Timing {
        RunRecord.Timing(
            fetchingEndedAt: RunRecord.Stamp(Date(timeIntervalSince1970: ended)),
            reportsWrittenAt: ["report.json": RunRecord.Stamp(Date(timeIntervalSince1970: written))])
    }

    static func text(_ timing: RunRecord.Timing) throws -> String {
        String(decoding: try JSONOutput.encoder().encode(timing), as: UTF8.self)
    }

    static func read(_ text: String) throws -> RunRecord.Timing {
        try JSONOutput.decoder().decode(RunRecord.Timing.self, from: Data(text.utf8))
    }

    /// To the nearest millisecond, and what is read back is written the same: …37.123 is 37.12299… as a Double,
    /// which Foundation's ISO 8601 style writes …37.122.
    @Test func timesAreWrittenToTheMillisecondAndReadBackTheSame() throws {
        let text = try Self.text(Self.timing(Self.second + 0.1234, Self.second + 0.9996))
        #expect(text.contains("\"fetchingEndedAt\" : \"2026-11-27T14:45:37.123Z\""), "\(text)")
        #expect(text.contains("\"report.json\" : \"2026-11-27T14:45:38.000Z\""), "\(text)")
        let read = try Self.read(text)
        #expect(abs(read.fetchingEndedAt.date.timeIntervalSince1970 - (Self.second + 0.123)) < 0.000_01)
        #expect(try Self.text(read) == text)
        let exact = try Self.text(Self.timing(Self.second + 0.123, Self.second))
        #expect(exact.contains("\"2026-11-27T14:45:37.123Z\""), "\(exact)")
        #expect(exact.contains("\"2026-11-27T14:45:37.000Z\""), "\(exact)")
    }

    /// Run folders of earlier builds have whole seconds.
    @Test func wholeSecondsAreRead() throws {
        let read = try Self.read(
            #"{"fetchingEndedAt": "2026-11-27T14:45:37Z", "reportsWrittenAt": {"report.json": "2026-11-27T14:45:39Z"}}"#
        )
        #expect(read == Self.timing(Self.second, Self.second + 2))
    }

    /// A time that is not one names its member.
    @Test func aTimeThatIsNotOneIsRefusedNamingItsMember() throws {
        let record = #"""
            {"options": {}, "positionals": [], "domains": [], "underReports": false,
             "timing": {"fetchingEndedAt": "2026-11-27T14:45:37Z", "reportsWrittenAt": {"report.json": "soon"}}}
            """#
        #expect {
            try JSONOutput.decoder().decode(RunRecord.self, from: Data(record.utf8))
        } throws: { error in
            RunRecord.describe(error) == "timing.reportsWrittenAt.report.json has the wrong type"
        }
    }
}
