import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// Issue 25, wrong answers 3 and 4: a crawled link to a host whose file was not read is unknown, never "no"; links
/// are judged by a host's file when the run reads it (audited too, or `--judge-linked-hosts`); URLs found before an
/// interrupt are judged; the HTML counts every row urls.csv has; an unreadable robots.txt is not "disallows it".
@Suite struct UnknownVerdictTests {
    static let server = FixtureServer.shared
    static let good = "https://good.aasa.test/shop/1"
    static let notFound = "https://notfound.aasa.test/shop/1"

    func audit(_ arguments: [String], network: [String]? = nil) async throws -> (RunResult, URL) {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["audit"] + arguments + ["--out", out.path, "--timeout", "15"]
                + (network ?? Self.server.auditArguments))
        return (result, out)
    }

    /// urls.csv as rows keyed by column name.
    func csv(_ out: URL) throws -> [[String: String]] {
        let text = try String(contentsOf: out.appendingPathComponent("urls.csv"), encoding: .utf8)
        let rows = FormatAgreementTests.csvRows(text)
        let header = try #require(rows.first)
        return rows.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    func row(_ rows: [[String: String]], _ url: String) throws -> [String: String] {
        try #require(rows.first { $0["url"] == url }, "\(url) in \(rows.map { $0["url"] ?? "" })")
    }

    /// Before, the links to good and notfound said opens_app=no, which auditing good too turned into yes.
    @Test func aLinkToAHostWhoseFileWasNotReadIsUnknownInEveryFormat() async throws {
        let (result, out) = try await audit(["crosslink.aasa.test", "--crawl", "--format", "json,html,csv,markdown"])
        #expect([0, 1].contains(result.status), "\(result.status): \(result.stderr)")
        let rows = try csv(out)
        for url in [Self.good, Self.notFound] {
            let row = try row(rows, url)
            #expect(row["opens_app"] == "unknown", "\(row)")
            let host = try #require(URLAuthority.httpHost(of: url))
            #expect(row["note"]?.contains(URLTable.notReadReason(host)) == true, "\(row)")
        }
        #expect(try row(rows, "https://crosslink.aasa.test/about")["opens_app"] == "no")
        let (report, json) = try readReport(out)
        let domain = try #require(report.domains.first)
        let good = try #require(domain.urls.first { $0.url == Self.good })
        #expect(good.unknown && good.opensApp == nil && good.verdicts.isEmpty)
        let jsonRows = try #require(((json["domains"] as? [[String: Any]])?.first?["urls"]) as? [[String: Any]])
        let jsonGood = try #require(jsonRows.first { $0["url"] as? String == Self.good })
        #expect(jsonGood["opens"] is NSNull, "\(jsonGood)")
        let unknown = rows.filter { $0["opens_app"] == "unknown" }.count
        #expect(report.summary.urlsUnknown == unknown && unknown >= 4)
        // The HTML counts and lists every row urls.csv has, the unknown ones apart.
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("\(rows.count) URLs (as in urls.csv)"), "\(rows.count)")
        #expect(html.contains(#"<span class="badge warn">unknown</span>"#))
        #expect(html.contains("\(unknown) unknown"))
        let markdown = try String(contentsOf: out.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(markdown.contains("\(unknown) unknown"), "\(markdown)")
    }

    /// Auditing the linked host too judges those rows by its file, whichever comes first; a host audited without a
    /// file opens nothing; one not audited stays unknown.
    @Test(arguments: [false, true]) func aLinkedHostAuditedInTheSameRunJudgesItsRows(reversed: Bool) async throws {
        let domains = ["crosslink.aasa.test", "good.aasa.test", "notfound.aasa.test"]
        let (result, out) = try await audit((reversed ? domains.reversed() : domains) + ["--crawl", "--format", "csv"])
        #expect([0, 1].contains(result.status), "\(result.status): \(result.stderr)")
        let rows = try csv(out).filter { $0["domain"] == "crosslink.aasa.test" }
        #expect(try row(rows, Self.good)["opens_app"] == "yes")
        #expect(try row(rows, Self.notFound)["opens_app"] == "no")
        #expect(try row(rows, "https://private.localhost/shop/1")["opens_app"] == "unknown")
    }

    /// A baseline's unknown row that a later run judges (yes) is no verdict flip; before, no to yes was one.
    @Test func unknownToYesIsNoVerdictFlip() async throws {
        let (first, before) = try await audit(["crosslink.aasa.test", "--crawl", "--format", "json"])
        #expect([0, 1].contains(first.status), "\(first.stderr)")
        let (second, after) = try await audit(
            [
                "crosslink.aasa.test", "good.aasa.test", "--crawl", "--format", "json", "--baseline",
                before.appendingPathComponent("report.json").path,
            ])
        #expect([0, 1].contains(second.status), "\(second.stderr)")
        let (report, _) = try readReport(after)
        let changes = try #require(report.changes)
        #expect(!changes.verdictFlips.contains { $0.url == Self.good }, "\(changes.verdictFlips)")
        let crosslink = try #require(report.domains.first { $0.domain == "crosslink.aasa.test" })
        #expect(crosslink.urls.first { $0.url == Self.good }?.opensApp == "9JA89QQLNQ.com.acme.shop")
    }

    /// `--judge-linked-hosts N` fetches linked hosts' files, within N, never an IP literal and never a host that
    /// resolves to this machine unless a --connect-to entry names it; each host left out says why.
    @Test func judgeLinkedHostsReadsTheirFilesWithinItsScope() async throws {
        let port = Self.server.port
        let network =
            ["crosslink", "good", "notfound"].flatMap { ["--connect-to", "\($0).aasa.test:443:127.0.0.1:\(port)"] }
            + ["--ca-cert", Self.server.caPath, "--no-cdn"]
        let (result, out) = try await audit(
            ["crosslink.aasa.test", "--crawl", "--judge-linked-hosts", "5", "--format", "csv"], network: network)
        #expect([0, 1].contains(result.status), "\(result.status): \(result.stderr)")
        let rows = try csv(out)
        #expect(try row(rows, Self.good)["opens_app"] == "yes")
        #expect(try row(rows, Self.notFound)["opens_app"] == "no")
        let local = try row(rows, "https://private.localhost/shop/1")
        #expect(local["opens_app"] == "unknown")
        #expect(local["note"]?.contains("the file of private.localhost was not fetched: ") == true, "\(local)")
        let literal = try row(rows, "https://127.0.0.1/shop/1")
        #expect(literal["opens_app"] == "unknown")
        #expect(literal["note"]?.contains("127.0.0.1 is an IP address, whose file is never fetched") == true)
        let gone = try row(rows, "https://gone.aasa.test/shop/1")
        #expect(gone["opens_app"] == "unknown")
        #expect(gone["note"]?.contains("the file of gone.aasa.test could not be fetched (") == true, "\(gone)")

        // Past N, a host stays unknown and says so; hosts are taken in the order the crawl found them.
        let (capped, cappedOut) = try await audit(
            ["crosslink.aasa.test", "--crawl", "--judge-linked-hosts", "1", "--format", "csv"], network: network)
        #expect([0, 1].contains(capped.status), "\(capped.stderr)")
        let cappedRows = try csv(cappedOut)
        #expect(try row(cappedRows, Self.good)["opens_app"] == "yes")
        let past = try row(cappedRows, Self.notFound)
        #expect(past["opens_app"] == "unknown")
        #expect(past["note"]?.contains("--judge-linked-hosts 1 was used up by other hosts") == true, "\(past)")
    }

    /// SIGINT while crawlslow--judged.aasa.test waits on a 90-second page: the URLs found before it are judged by the
    /// file already read. Before, every row said "not judged: the run was interrupted" and opens_app=no.
    @Test func urlsFoundBeforeAnInterruptAreJudged() async throws {
        let (result, out) = try await auditCrawlslowInterrupted(tag: "judged", formats: "json,csv")
        #expect(result.status == 130, "\(result.stderr)")
        let (report, _) = try readReport(out)
        let domain = try #require(report.domains.first, "\(result.stderr)")
        #expect(domain.domain == "crawlslow--judged.aasa.test")
        #expect(domain.crawl?.stoppedBecause == CrawlStop.interrupted.description)
        #expect(domain.urls.count >= 2)
        for url in domain.urls {
            #expect(!url.verdicts.isEmpty && !url.unknown, "\(url)")
            #expect(url.note?.contains(StopSignal.unjudgedNote) != true, "\(url)")
        }
        let rows = try csv(out)
        #expect(rows.allSatisfy { $0["opens_app"] == "yes" || $0["opens_app"] == "no" } && !rows.isEmpty)
    }

    /// In developer mode the file behind an untrusted certificate is read and the site crawled, but its robots.txt
    /// fetch fails verification: its rows say that, not "robots.txt disallows it" (issue 25, item 13).
    @Test func aRobotsTxtBehindAnUntrustedCertificateSaysItCouldNotBeFetched() async throws {
        let entitlements = try tempDirectory().appendingPathComponent("developer.txt")
        try "applinks:selfsigned.aasa.test?mode=developer\n".write(to: entitlements, atomically: true, encoding: .utf8)
        let (result, out) = try await audit([
            "--entitlements", entitlements.path, "--app-id", "9JA89QQLNQ.com.acme.shop", "--crawl", "--format",
            "csv,html",
        ])
        #expect([0, 1].contains(result.status), "\(result.stderr)")
        let home = try row(try csv(out), "https://selfsigned.aasa.test/")
        let note = home["note"] ?? ""
        #expect(
            note.hasPrefix("not crawled: robots.txt could not be fetched (SSL certificate problem: ")
                && note.hasSuffix("), read as a complete disallow (RFC 9309)"), "\(home)")
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("robots.txt could not be read, which kept 1 URL(s) out"))
    }

    /// A robots.txt that could not be read is said as such on every row it held back, not "robots.txt disallows it".
    @Test func anUnreadableRobotsTxtIsNotCalledADisallow() async throws {
        let (result, out) = try await audit(["robotsdown.aasa.test", "--crawl", "--format", "csv"])
        #expect([0, 1].contains(result.status), "\(result.stderr)")
        let home = try row(try csv(out), "https://robotsdown.aasa.test/")
        #expect(
            home["note"] == "not crawled: robots.txt answered 500, read as a complete disallow (RFC 9309)", "\(home)")
    }
}
