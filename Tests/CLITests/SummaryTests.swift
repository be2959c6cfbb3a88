import AASA
import Audit
import Foundation
import Testing

@testable import AuditCLI

/// `audit`'s stdout summary, rendered from report values (the end-to-end tests run it through the binary).
@Suite struct SummaryTests {
    static func finding(_ id: String, _ severity: Severity, _ message: String) -> Finding {
        Finding(
            id: id, severity: severity, message: message,
            location: FindingLocation(
                url: "https://x.test/.well-known/apple-app-site-association", pointer: "/applinks"),
            why: "why", hint: "fix \(id)")
    }

    static func report(_ domains: [DomainReport], interrupted: Bool = false, notAudited: [String] = []) -> AuditReport {
        AuditReport(
            version: "t", startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1),
            interrupted: interrupted, notAudited: notAudited, domains: domains)
    }

    static let sample = report([
        DomainReport(domain: "pass.test", fetches: [], apps: [], findings: [finding("crawl-summary", .info, "Info.")]),
        DomainReport(
            domain: "warn.test", fetches: [], apps: [], findings: [finding("cdn-mismatch", .warning, "CDN differs.")]),
        DomainReport(
            domain: "xn--bcher-kva.test", fetches: [], apps: [],
            findings: [finding("tls-expiring", .warning, "Soon."), finding("not-found", .error, "No file \u{1B}[2J.")]),
    ])

    @Test func everyWarningAndErrorShowsItsMessageUnderItsDomainWorstFirst() {
        let text = AuditSummary(terminal: Terminal(colour: false)).render(Self.sample, reportPath: nil)
        #expect(
            text == """
                aasa-audit: 3 domain(s): 1 pass, 1 warn, 1 fail (1 errors, 2 warnings, 1 infos)
                  fail  bücher.test (xn--bcher-kva.test)  tls-expiring, not-found
                        error[not-found] No file \\u{1B}[2J.
                        warning[tls-expiring] Soon.
                  warn  warn.test                         cdn-mismatch
                        warning[cdn-mismatch] CDN differs.
                  pass  pass.test
                """)
    }

    @Test func verboseAddsInfosLocationsAndFixes() {
        let text = AuditSummary(terminal: Terminal(colour: false), verbose: true).render(Self.sample, reportPath: nil)
        #expect(text.contains("        info[crawl-summary] Info.\n"))
        #expect(text.contains("          at: https://x.test/.well-known/apple-app-site-association  /applinks\n"))
        #expect(text.contains("          fix: fix cdn-mismatch"))
    }

    /// A suppressed finding: out of the counts and the verdict, counted apart in the headline, and shown with its
    /// reason only with `--verbose`.
    @Test func aSuppressedFindingIsCountedApartAndShownWithItsReasonWhenVerbose() {
        var domain = DomainReport(
            domain: "warn.test", fetches: [], apps: [],
            findings: [Self.finding("cdn-mismatch", .warning, "CDN differs.")])
        domain.suppress(
            Suppressions([IgnoreRule(check: "cdn-mismatch", domain: "*.test", reason: "known lag", source: "c")]))
        let report = Self.report([domain])
        let plain = AuditSummary(terminal: Terminal(colour: false)).render(report, reportPath: nil)
        #expect(
            plain == """
                aasa-audit: 1 domain(s): 1 pass, 0 warn, 0 fail (0 errors, 0 warnings, 0 infos, 1 suppressed)
                  pass  warn.test
                """)
        let verbose = AuditSummary(terminal: Terminal(colour: false), verbose: true).render(report, reportPath: nil)
        #expect(
            verbose.contains("        suppressed warning[cdn-mismatch] CDN differs.\n          suppressed: known lag\n")
        )
    }

    /// `--verbose` wraps a long fix to the terminal's width at spaces, every word kept.
    @Test func verboseWrapsALongFixToTheWidth() {
        let long = Array(repeating: "exclude", count: 30).joined(separator: " ")
        let report = Self.report([
            DomainReport(
                domain: "warn.test", fetches: [], apps: [],
                findings: [
                    Finding(
                        id: "cdn-mismatch", severity: .warning, message: "m", location: FindingLocation(), why: "w",
                        hint: long)
                ])
        ])
        let text = AuditSummary(terminal: Terminal(colour: false, width: 50), verbose: true).render(
            report, reportPath: nil)
        let lines = text.split(separator: "\n")
        let start = lines.firstIndex { $0.hasPrefix("          fix: ") }!
        let block = [lines[start]] + lines[(start + 1)...].prefix { $0.hasPrefix("               ") }
        #expect(block.count > 3 && block.allSatisfy { $0.count <= 50 })
        #expect(block.map { $0.drop { $0 == " " } }.joined(separator: " ") == "fix: " + long)
    }

    @Test func colourOnlyWhenAsked() {
        let plain = AuditSummary(terminal: Terminal(colour: false)).render(Self.sample, reportPath: nil)
        #expect(!plain.contains("\u{1B}["), "no escape but the escaped site text")
        let colour = AuditSummary(terminal: Terminal(colour: true)).render(Self.sample, reportPath: nil)
        #expect(colour.contains("\u{1B}[1;31mfail\u{1B}[0m"))
    }

    /// The empty list the issue saw: every domain had been reported, its crawl cut short by the signal.
    @Test func anInterruptionNamesWhatWasNotAuditedAndWhatWasCutShort() {
        let crawl = DomainReport.CrawlSummary(
            pagesFetched: 3, urlsDiscovered: 9, stoppedBecause: CrawlStop.interrupted.description, robotsDisallowed: 0,
            trapsSkipped: 0, otherSchemes: [:], ruleHits: [])
        let crawled = DomainReport(domain: "shop.test", fetches: [], apps: [], findings: [], crawl: crawl)
        let cut = AuditSummary.interruption(Self.report([crawled], interrupted: true))
        #expect(cut == ["interrupted: 1 crawl(s) cut short (reported with the pages crawled so far): shop.test"])
        let both = AuditSummary.interruption(Self.report([crawled], interrupted: true, notAudited: ["late.test"]))
        #expect(both.first == "interrupted: 1 domain(s) not audited: late.test")
        #expect(
            AuditSummary.interruption(Self.report([], interrupted: true)) == ["interrupted: every domain had finished"])
    }

    @Test func theBaselineDiffNamesFindingsPerDomain() {
        let before = Self.report([
            DomainReport(domain: "a.test", fetches: [], apps: [], findings: [Self.finding("http-status", .error, "x")]),
            DomainReport(domain: "b.test", fetches: [], apps: [], findings: []),
        ])
        let after = Self.report([
            DomainReport(
                domain: "a.test", fetches: [], apps: [], findings: [Self.finding("tls-expiring", .warning, "y")]),
            DomainReport(
                domain: "b.test", fetches: [], apps: [], findings: [Self.finding("cdn-mismatch", .warning, "z")]),
        ])
        let lines = AuditSummary.changeLines(Changes.compare(before, after, baseline: "old.json"))
        #expect(
            lines == [
                "changes since old.json: 2 new finding(s), 1 resolved",
                "  a.test: new tls-expiring; resolved http-status",
                "  b.test: new cdn-mismatch",
            ])
    }

    /// The defect: `elapsed / done × left` grew every second while no domain finished.
    @Test func theETANeverGrowsBetweenCompletions() {
        var eta = ETAEstimator(total: 10, started: 0)
        #expect(eta.secondsLeft(at: 5) == nil, "no estimate before a domain finishes")
        eta.record(done: 2, at: 4)  // 2 s per domain: 16 s left
        #expect(eta.secondsLeft(at: 4) == 16)
        var previous = 16
        for t in stride(from: 4.0, through: 30, by: 0.5) {
            eta.record(done: 2, at: t)  // the same count again changes nothing
            let left = eta.secondsLeft(at: t) ?? -1
            #expect(left <= previous, "at \(t) s the ETA rose from \(previous) to \(left)")
            previous = left
        }
        #expect(previous == 0, "counted down to zero, never up")
        eta.record(done: 5, at: 30)  // a completion shows a slower rate: now it may rise, with cause
        #expect(eta.secondsLeft(at: 30) == 30)
        eta.record(done: 10, at: 40)
        #expect(eta.secondsLeft(at: 40) == nil, "nothing left")
    }

    @Test func theProgressLineShowsTheEstimate() {
        let started = Date(timeIntervalSince1970: 0)
        let line = ProgressLine.line(
            3, 10, started, nil, now: Date(timeIntervalSince1970: 6), secondsLeft: 14)
        #expect(line == "[3/10 domains], ETA 14s")
        let links = ProgressLine.line(
            40, 100, unit: "links", started, nil, now: Date(timeIntervalSince1970: 6), secondsLeft: 9)
        #expect(links == "[40/100 links], ETA 9s")
    }
}
