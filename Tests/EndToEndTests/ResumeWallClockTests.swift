import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// `audit --resume DIR`: an interrupted run continues from its folder's domains.jsonl with the inputs and options
/// recorded in its run.json; finished domains are not audited (so not fetched) again. Its SIGINT comes 7 s into the
/// run, when four quick domains have finished and a slow crawl has not: timed, so it runs in Scripts/test's pass for
/// *WallClockTests (beside the whole suite the quick domains were not done in time).
@Suite struct ResumeWallClockTests {
    static let server = FixtureServer.shared

    /// Lines of the folder's log, and how many records each domain index has.
    static func records(_ folder: URL) throws -> (lines: [Substring], perIndex: [Int: Int]) {
        let text = try String(contentsOf: folder.appendingPathComponent("domains.jsonl"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        var perIndex: [Int: Int] = [:]
        for line in lines {
            let index = try #require(
                line.firstMatch(of: /^\{"index":(\d+),/).flatMap { Int($0.1) }, "\(line.prefix(40))")
            perIndex[index, default: 0] += 1
        }
        return (lines, perIndex)
    }

    /// SIGINT while crawlslow.aasa.test waits on a 90-second page: the four good domains have finished, the crawl
    /// is cut short. A torn line is then added to the log, as if the process had died writing it. The resumed run
    /// audits only crawlslow again (its crawl from the start, saying so), drops the torn line and writes the
    /// whole report; the good domains' records are the first run's (no new record, so no new fetch).
    @Test func anInterruptedRunResumesWithoutAuditingFinishedDomainsAgain() async throws {
        let out = try tempDirectory()
        let goods = (1...4).map { "good--\($0).aasa.test" }
        let first = try await Binary.run(
            ["audit"] + goods + [
                "crawlslow.aasa.test", "--crawl", "--crawl-time", "15", "--timeout", "30", "--out", out.path,
                "--format",
                "json,csv",
            ] + Self.server.auditArguments, interrupt: (SIGINT, after: 7))
        #expect(first.status == 130, "\(first.stderr)")
        let (cut, _) = try readReport(out)
        #expect(cut.interrupted)
        #expect(Set(cut.domains.map(\.domain)).isSuperset(of: goods), "\(cut.domains.map(\.domain))")
        let slow = try #require(cut.domains.first { $0.domain == "crawlslow.aasa.test" })
        #expect(slow.crawl?.stoppedBecause == CrawlStop.interrupted.description)
        let before = try Self.records(out)
        #expect(before.lines.count == 5 && before.perIndex.values.allSatisfy { $0 == 1 })
        let log = try #require(FileHandle(forWritingAtPath: out.appendingPathComponent("domains.jsonl").path))
        try log.seekToEnd()
        try log.write(contentsOf: Data(#"{"index":3,"partial":false,"report":{"dom"#.utf8))
        try log.close()

        // Another run's options are refused, naming what differs.
        let other = try await Binary.run(["audit", "--resume", out.path, "--timeout", "9"] + goods)
        #expect(other.status == 2)
        #expect(other.stderr.contains("--timeout 9 now, --timeout 30 then"), "\(other.stderr)")
        #expect(other.stderr.contains("domains on the command line"), "\(other.stderr)")

        let resumed = try await Binary.run(["audit", "--resume", out.path])
        #expect([0, 1].contains(resumed.status), "\(resumed.status): \(resumed.stderr)")
        let (report, _) = try readReport(out)
        #expect(!report.interrupted && report.notAudited.isEmpty)
        #expect(report.domains.map(\.domain) == goods + ["crawlslow.aasa.test"], "input order")
        let after = try Self.records(out)
        // The good domains (indices 0-3) keep their one record; crawlslow (4) has its cut record and a new one.
        #expect(after.perIndex == [0: 1, 1: 1, 2: 1, 3: 1, 4: 2], "\(after.perIndex)")
        #expect(after.lines.prefix(5) == before.lines.prefix(5), "the first run's records are kept as written")
        for name in goods {
            let then = try #require(cut.domains.first { $0.domain == name })
            let now = try #require(report.domains.first { $0.domain == name })
            #expect(try JSONOutput.text(now) == JSONOutput.text(then), "\(name) is the first run's, timings included")
        }
        let again = try #require(report.domains.last)
        #expect(again.notes.contains { $0.contains("crawled again from its start") }, "\(again.notes)")
        #expect(again.crawl?.stoppedBecause == "crawl-time (15 s)")
        let csv = try String(contentsOf: out.appendingPathComponent("urls.csv"), encoding: .utf8)
        #expect(csv.contains("crawlslow.aasa.test,https://crawlslow.aasa.test/"))
    }

    /// A finished run resumed audits nothing again; with --retry-failed, only the failing domain (and it says so).
    @Test func retryFailedAuditsOnlyTheFailedDomainsAgain() async throws {
        let out = try tempDirectory()
        let arguments = ["good--5.aasa.test", "notfound.aasa.test", "--out", out.path, "--format", "json"]
        let first = try await Binary.run(["audit"] + arguments + Self.server.auditArguments)
        #expect(first.status == 1, "\(first.stderr)")
        let plain = try await Binary.run(["audit", "--resume", out.path, "--quiet"])
        #expect(plain.status == 1 && plain.stdout.isEmpty, "\(plain.stderr)")
        #expect(try Self.records(out).perIndex == [0: 1, 1: 1], "nothing audited again")
        let retried = try await Binary.run(["audit", "--resume", out.path, "--retry-failed"])
        #expect(retried.status == 1, "\(retried.stderr)")
        #expect(try Self.records(out).perIndex == [0: 1, 1: 2], "only the failed domain again")
        let (report, _) = try readReport(out)
        #expect(report.domains.map(\.domain) == ["good--5.aasa.test", "notfound.aasa.test"])
        #expect(report.domains[1].notes.contains { $0.contains("--retry-failed") })
        // Not a run folder at all.
        let empty = try tempDirectory()
        let none = try await Binary.run(["audit", "--resume", empty.path])
        #expect(none.status == 2 && none.stderr.contains("no run to continue there"), "\(none.stderr)")
        #expect(try await Binary.run(["audit", "good.aasa.test", "--retry-failed"]).status == 2)
    }

    /// Run 1 finishes into DIR; run 2, fresh into the same DIR with the same domains, is interrupted while its first
    /// domain's crawl waits (one domain at a time, so the second has not started). `--resume DIR` audits that second
    /// domain with real requests: run 1's record of it, kept in DIR/previous/, is never taken as tonight's.
    @Test func aResumeAfterAFreshRunIntoAUsedOutNeverTakesTheEarlierRunsRecords() async throws {
        let out = try tempDirectory()
        let domains = ["crawlslow.aasa.test", "good--6.aasa.test"]
        let options = ["--concurrency", "1", "--crawl", "--out", out.path, "--format", "json"]
        let first = try await Binary.run(
            ["audit"] + domains + options + ["--crawl-time", "1"] + Self.server.auditArguments)
        #expect([0, 1].contains(first.status), "\(first.stderr)")
        let (then, _) = try readReport(out)
        let earlier = try #require(then.domains.first { $0.domain == "good--6.aasa.test" })

        let second = try await Binary.run(
            ["audit"] + domains + options + ["--crawl-time", "8"] + Self.server.auditArguments,
            interrupt: (SIGINT, after: 2))
        #expect(second.status == 130, "\(second.stderr)")
        #expect(try readReport(out).0.notAudited == ["good--6.aasa.test"], "the second domain had not started")
        #expect(try Self.records(out.appendingPathComponent("previous")).perIndex == [0: 1, 1: 1], "run 1's log kept")
        #expect(try Self.records(out).perIndex == [0: 1], "the new log holds only run 2's record")

        let resumed = try await Binary.run(["audit", "--resume", out.path])
        #expect([0, 1].contains(resumed.status), "\(resumed.status): \(resumed.stderr)")
        let (report, _) = try readReport(out)
        #expect(!report.interrupted && report.notAudited.isEmpty)
        let now = try #require(report.domains.first { $0.domain == "good--6.aasa.test" })
        #expect(try JSONOutput.text(now) != JSONOutput.text(earlier), "audited again, not run 1's record")
        let after = try Self.records(out).perIndex
        #expect(after == [0: 2, 1: 1], "\(after)")
    }
}
