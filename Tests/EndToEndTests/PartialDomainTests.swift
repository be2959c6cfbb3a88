import Foundation
import TestSupport
import Testing

/// An interrupted run's report marks each domain the signal cut while it was being audited (issue 26, item 7):
/// report.json's `"partial": true`, a note in report.html's domain section and on its terminal summary line. A
/// domain that finished is shown as before, with no `partial` member.
@Suite struct PartialDomainTests {
    static let server = FixtureServer.shared

    /// SIGINT while crawlslow--partial.aasa.test waits on a 90-second page: its record is written after the signal,
    /// so it is partial (and `--resume` audits it again). Before, the domain entry carried no marker.
    @Test func aDomainCutByTheInterruptIsMarkedPartialInJSONHTMLAndTheSummary() async throws {
        let (result, out) = try await auditCrawlslowInterrupted(tag: "partial", formats: "json,html")
        #expect(result.status == 130, "\(result.stderr)")
        let (_, json) = try readReport(out)
        let domains = try #require(json["domains"] as? [[String: Any]])
        let domain = try #require(domains.first)
        #expect(domain["domain"] as? String == "crawlslow--partial.aasa.test")
        #expect(domain["partial"] as? Bool == true, "\(domain.keys.sorted())")
        var validator = SchemaValidator()
        validator.validate(json, SchemaTests.schema)
        #expect(validator.errors.isEmpty, "\(validator.errors.prefix(10))")

        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains(Self.htmlNote), "the domain section says it was cut short")
        let lines = result.stdout.split(separator: "\n")
        let line = try #require(lines.first { $0.contains("crawlslow--partial.aasa.test") })
        #expect(line.contains("partial: the interruption cut it short"), "\(line)")
    }

    /// A run that was not interrupted marks nothing: report.json's domains have no `partial` member.
    @Test func aFinishedDomainHasNoPartialMember() async throws {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["audit", "good.aasa.test", "--out", out.path, "--format", "json,html"] + Self.server.auditArguments)
        #expect([0, 1].contains(result.status), "\(result.stderr)")
        let (_, json) = try readReport(out)
        let domain = try #require((json["domains"] as? [[String: Any]])?.first)
        #expect(domain["partial"] == nil)
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(!html.contains(Self.htmlNote))
        #expect(!result.stdout.contains("partial:"), "\(result.stdout)")
    }

    static let htmlNote = "Partial: the interruption cut this domain short"
}

/// `audit crawlslow--TAG.aasa.test --crawl` with SIGINT once the fixture has seen the request for its 90-second
/// page, so the crawl is waiting on it: the interrupted run that the partial-domain and judged-after-interrupt tests
/// read. A name of each test's own, so one run's request is not taken for another's. (A fixed 5 s was not always
/// enough on a loaded CI machine: the signal then came before the domain's record was written.)
func auditCrawlslowInterrupted(tag: String, formats: String) async throws -> (RunResult, URL) {
    let out = try tempDirectory()
    let host = "crawlslow--\(tag).aasa.test"
    let server = FixtureServer.shared
    let result = try await Binary.run(
        [
            "audit", host, "--crawl", "--crawl-time", "60", "--timeout", "30", "--out", out.path,
            "--format", formats,
        ] + server.auditArguments,
        signalWhen: (SIGINT, { (server.requestsSeen(host: host, path: "/slow") ?? 0) > 0 }))
    return (result, out)
}
