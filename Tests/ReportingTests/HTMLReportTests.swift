import AASA
import Audit
import Foundation
import Reporting
import Testing

/// How report.html reads: worst domains first, long lists collapsed, URLs wrapping at their separators only, code
/// set as code, shared notes once, only known TLS facts, a chart that survives skewed counts, and one script that
/// the page's Content-Security-Policy allows.
@Suite struct HTMLReportTests {
    static func report(_ domains: [DomainReport]) -> AuditReport {
        AuditReport(
            version: "t", startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1),
            interrupted: false, notAudited: [], domains: domains)
    }

    static func finding(_ id: String, _ severity: Severity, _ message: String) -> Finding {
        Finding(id: id, severity: severity, message: message, location: FindingLocation(url: "u"), why: "w", hint: "h")
    }

    static func position(_ text: String, in html: String) -> Int {
        html.range(of: text).map { html.distance(from: html.startIndex, to: $0.lowerBound) } ?? -1
    }

    /// Past `fullPassingDomains` passing domains, they are one filterable list of names (and crawl counts) instead
    /// of sections and overview rows: at 100,000 domains a section each made a page no browser opens. Failing and
    /// warning domains stay in full.
    @Test func manyPassingDomainsBecomeACompactFilterableList() {
        let passing = (0...HTMLReport.fullPassingDomains).map {
            DomainReport(domain: "p\($0).example", fetches: [], apps: [], findings: [])
        }
        let fail = DomainReport(
            domain: "fail.example", fetches: [], apps: [], findings: [Self.finding("not-found", .error, "404")])
        let warn = DomainReport(
            domain: "warn.example", fetches: [], apps: [], findings: [Self.finding("cdn-mismatch", .warning, "stale")])
        let html = HTMLReport.render(Self.report(passing + [warn, fail]))
        let failing = Self.position("id=\"d\(passing.count + 1)\"", in: html)
        let warning = Self.position("id=\"d\(passing.count)\"", in: html)
        #expect(failing >= 0 && warning > failing, "failing and warning domains keep their sections, worst first")
        #expect(!html.contains("id=\"d0\""), "no passing domain has a section")
        #expect(!html.contains("href=\"#d0\""), "nor an overview row")
        let list = Self.position("<section id=\"passing\">", in: html)
        #expect(list >= 0 && html.contains("<details data-filter><summary>\(passing.count) domains pass every check"))
        for domain in passing { #expect(html.contains("<tr><td>\(domain.domain)</td></tr>")) }
        // A list row costs a few dozen bytes; the same domains each in full cost several hundred.
        let full = HTMLReport.render(Self.report(Array(passing.prefix(HTMLReport.fullPassingDomains))))
        let compactBytes = html.utf8.count
        #expect(compactBytes < full.utf8.count, "\(compactBytes) bytes against \(full.utf8.count)")
        // At the limit, every passing domain still has its section.
        #expect(full.contains("id=\"d0\"") && !full.contains("id=\"passing\""))
    }

    @Test func domainsComeWorstFirstEachWithAOneLineReason() {
        let pass = DomainReport(domain: "pass.example", fetches: [], apps: [], findings: [])
        let warn = DomainReport(
            domain: "warn.example", fetches: [], apps: [], findings: [Self.finding("cdn-mismatch", .warning, "stale")])
        let fail = DomainReport(
            domain: "fail.example", fetches: [], apps: [],
            findings: [
                Self.finding("unknown-key", .warning, "odd key"), Self.finding("redirect", .error, "HTTP 301 away"),
                Self.finding("root-only", .error, "only at the root"),
            ])
        let fewer = DomainReport(
            domain: "fewer.example", fetches: [], apps: [], findings: [Self.finding("not-found", .error, "404")])
        let html = HTMLReport.render(Self.report([pass, warn, fewer, fail]))
        // Sections and overview rows: fail with 2 errors, fail with 1, warn, pass (d3, d2, d1, d0).
        let sections = ["id=\"d3\"", "id=\"d2\"", "id=\"d1\"", "id=\"d0\""].map { Self.position($0, in: html) }
        #expect(sections.allSatisfy { $0 >= 0 } && sections == sections.sorted(), "\(sections)")
        let rows = ["href=\"#d3\"", "href=\"#d2\"", "href=\"#d1\"", "href=\"#d0\""].map { Self.position($0, in: html) }
        #expect(rows.allSatisfy { $0 >= 0 } && rows == rows.sorted(), "\(rows)")
        // The reason is the first finding of the worst severity, with how many more errors and warnings follow.
        #expect(html.contains("<td><code>redirect</code> HTTP 301 away <span class=\"note\">(+2 more)</span></td>"))
        #expect(html.contains("<td><code>cdn-mismatch</code> stale</td>"))
        #expect(html.contains("<td>All checks pass.</td>"))
    }

    @Test func urlsWrapOnlyAfterSlashesQuestionMarksAndAmpersands() {
        var urls = URLTable()
        urls.append(url: "https://e.example/a-b/c?d=1&e=2", foundOn: "https://e.example/", httpStatus: 200, note: nil)
        let file = #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.a.b"], "components": [{"/": "/a-b/*"}]}]}}"#
        urls.judge(host: "e.example", by: Matcher(DecodedFile(bytes: Array(file.utf8)).document!))
        let domain = DomainReport(
            domain: "e.example", fetches: [], apps: [], findings: [],
            crawl: .init(
                pagesFetched: 1, urlsDiscovered: 1, stoppedBecause: "complete", robotsDisallowed: 0, trapsSkipped: 0,
                otherSchemes: [:], ruleHits: []), urls: urls, file: file)
        let html = HTMLReport.render(Self.report([domain]))
        #expect(html.contains("<td>https:/<wbr>/<wbr>e.example/<wbr>a-b/<wbr>c?<wbr>d=1&amp;<wbr>e=2"))
        // No style lets a browser split a word to fit a column.
        #expect(!html.contains("overflow-wrap:anywhere") && !html.contains("break-all"))
        #expect(html.contains("overflow-wrap:break-word"))
    }

    @Test func aRedirectingURLShowsWhereItGoesEscaped() {
        var urls = URLTable()
        let verdict = AppVerdict(appID: "9JA89QQLNQ.a.b", result: .noMatch, rule: nil, reason: "no rule")
        urls.append(
            URLReport(
                url: "https://e.example/go", foundOn: "https://e.example/", httpStatus: 302, verdicts: [verdict],
                opensApp: nil, note: nil, redirectTo: "https://e.example/x?<b>&y"))
        let domain = DomainReport(
            domain: "e.example", fetches: [], apps: [], findings: [],
            crawl: .init(
                pagesFetched: 1, urlsDiscovered: 1, stoppedBecause: "complete", robotsDisallowed: 0, trapsSkipped: 0,
                otherSchemes: [:], ruleHits: []), urls: urls, file: nil)
        let html = HTMLReport.render(Self.report([domain]))
        #expect(html.contains("redirects to https:/<wbr>/<wbr>e.example/<wbr>x?<wbr>&lt;b&gt;&amp;<wbr>y"))
    }

    @Test func backticksInMessagesBecomeCodeAfterEscaping() {
        let findings = [
            Self.finding("unknown-key", .warning, "Use `<b>\"x\"</b>` and `y`; a lone ` stays"),
            Self.finding("unknown-key", .warning, "an empty `` stays too"),
        ]
        let html = HTMLReport.render(
            Self.report([DomainReport(domain: "e.example", fetches: [], apps: [], findings: findings)]))
        #expect(
            html.contains("Use <code>&lt;b&gt;&quot;x&quot;&lt;/b&gt;</code> and <code>y</code>; a lone ` stays</p>"))
        #expect(html.contains("an empty `` stays too</p>"))
        #expect(!html.contains("<b>\"x\"") && !html.contains("<b>&quot;"))
    }

    @Test func aNoteManyURLsShareIsWrittenOnceAndReferenced() {
        var urls = URLTable()
        for path in ["/a", "/b", "/c"] {
            urls.append(
                url: "https://e.example\(path)", foundOn: "https://e.example/", httpStatus: 200,
                note: .sameDomainTap)
        }
        urls.append(url: "https://e.example/d", foundOn: nil, httpStatus: 200, note: .text("only here"))
        urls.append(
            url: "https://e.example/e", foundOn: "https://e.example/", httpStatus: 200, note: .text("also only here"))
        let file = #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.a.b"], "components": [{"/": "*"}]}]}}"#
        urls.judge(host: "e.example", by: Matcher(DecodedFile(bytes: Array(file.utf8)).document!))
        let domain = DomainReport(
            domain: "e.example", fetches: [], apps: [], findings: [],
            crawl: .init(
                pagesFetched: 5, urlsDiscovered: 5, stoppedBecause: "complete", robotsDisallowed: 0, trapsSkipped: 0,
                otherSchemes: [:], ruleHits: []), urls: urls, file: file)
        let html = HTMLReport.render(Self.report([domain]))
        #expect(html.components(separatedBy: "stays in Safari (TN3155)").count - 1 == 1)
        // The table adds the same-domain note to a row's own: each part is counted on its own.
        #expect(html.components(separatedBy: "<a href=\"#d0-n1\">note 1</a>").count - 1 == 4)
        #expect(html.contains("also only here; <a href=\"#d0-n1\">note 1</a>"))
        #expect(html.contains("<li id=\"d0-n1\">a tap on this link inside Safari"))
        #expect(html.contains("<span class=\"note\">only here</span>"), "a note only one row has stays in the row")
        // Five rows: short enough to be open, with no filter.
        #expect(html.contains("<details open><summary>5 URLs for <code>9JA89QQLNQ.a.b</code>"))
    }

    /// A row's notes are a typed list, not text split at "; ": a fetch error whose own words hold "; " is one note,
    /// numbered whole when several rows share it (split, its halves were counted as notes of their own).
    @Test func aNoteWhoseTextHoldsASeparatorStaysOneNote() {
        var urls = URLTable()
        for path in ["/a", "/b"] {
            urls.append(
                url: "https://e.example\(path)", foundOn: nil, httpStatus: nil, note: .fetchFailed("reset; retried"))
        }
        urls.append(url: "https://e.example/c", foundOn: nil, httpStatus: nil, note: .fetchFailed("reset; gave up"))
        urls.servesNoFile("e.example")
        let domain = DomainReport(
            domain: "e.example", fetches: [], apps: [], findings: [],
            crawl: .init(
                pagesFetched: 3, urlsDiscovered: 3, stoppedBecause: "complete", robotsDisallowed: 0, trapsSkipped: 0,
                otherSchemes: [:], ruleHits: []), urls: urls)
        let html = HTMLReport.render(Self.report([domain]))
        #expect(html.contains("<li id=\"d0-n1\">fetch failed: reset; retried (2 rows)</li>"), "shared: numbered whole")
        #expect(!html.contains("d0-n2"), "no half of a note is numbered on its own")
        #expect(html.contains("<span class=\"note\">fetch failed: reset; gave up</span>"), "one row's note stays in it")
    }

    @Test func longListsAreCollapsedBehindTheirCountsWithAFilter() {
        var urls = URLTable()
        for i in 0..<11 { urls.append(url: "https://e.example/\(i)", foundOn: nil, httpStatus: 200, note: nil) }
        let file = #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.a.b"], "components": [{"/": "*"}]}]}}"#
        urls.judge(host: "e.example", by: Matcher(DecodedFile(bytes: Array(file.utf8)).document!))
        let findings = (0..<11).map { Self.finding("app-id-format", .error, "bad \($0)") }
        let domain = DomainReport(
            domain: "e.example", fetches: [], apps: [], findings: findings + [Self.finding("x", .warning, "w")],
            crawl: .init(
                pagesFetched: 11, urlsDiscovered: 11, stoppedBecause: "complete", robotsDisallowed: 0,
                trapsSkipped: 0, otherSchemes: [:], ruleHits: []), urls: urls, file: file)
        let html = HTMLReport.render(Self.report([domain]))
        #expect(html.contains("<details data-filter><summary>11 URLs for <code>9JA89QQLNQ.a.b</code>"))
        #expect(html.contains("<details data-filter><summary>11 errors</summary>"))
        #expect(html.contains("<details open><summary>1 warning</summary>"))
    }

    @Test func tlsFactsAreShownOnlyWhenKnown() {
        func fetch(_ location: FetchLocation, _ tls: TLSFacts) -> Exchange {
            Exchange(location: location, url: "https://e.example/x", userAgent: "A", httpStatus: 200, tls: tls)
        }
        let expired = DomainReport(
            domain: "e.example",
            fetches: [
                fetch(
                    .wellKnown,
                    TLSFacts(protocolVersion: "TLSv1.3", verified: false, problem: .expired, daysLeft: -2152)),
                // A fetch that did not verify the peer (it read the refused certificate, or reused a connection).
                fetch(.root, TLSFacts(protocolVersion: "TLSv1.3", verified: false)),
            ], apps: [], findings: [])
        let html = HTMLReport.render(Self.report([expired]))
        #expect(html.contains("<td>TLSv1.3; not verified: expired; expired 2152 days ago</td>"))
        #expect(html.contains("<td>expired 2152 days ago</td>"), "the overview's certificate column")
        #expect(html.contains("<td>TLSv1.3</td>"))
        #expect(!html.contains("not verified: ?") && !html.contains("-2152"))
    }

    @Test func theRuleChartShowsEveryRuleWhenOneHasAThousandTimesTheHits() throws {
        func hits(_ rule: String, _ count: Int) throws -> RuleHits {
            let json = """
                {"rule": {"detailsIndex": 0, "ruleIndex": 0, "format": "components", "pointer": "/x",
                 "rule": \(String(reflecting: rule)), "line": 1, "column": 1}, "hits": \(count)}
                """
            return try JSONDecoder().decode(RuleHits.self, from: Data(json.utf8))
        }
        let chart = [
            try hits("{\"/\": \"/big/*\"}", 1000), try hits("{\"/\": \"/one\"}", 1), try hits("{\"/\": \"/no\"}", 0),
        ]
        let domain = DomainReport(
            domain: "e.example", fetches: [], apps: [], findings: [],
            crawl: .init(
                pagesFetched: 1, urlsDiscovered: 1001, stoppedBecause: "complete", robotsDisallowed: 0,
                trapsSkipped: 0, otherSchemes: [:], ruleHits: chart))
        let html = HTMLReport.render(Self.report([domain]))
        // Log scale: 1 hit beside 1000 is a tenth of the bar, not a thousandth; each bar carries its number.
        #expect(html.contains("<span style=\"width:100%\"></span></span><b>1000</b>"))
        #expect(html.contains("<span style=\"width:10%\"></span></span><b>1</b>"))
        #expect(html.contains("<span style=\"width:0%\"></span></span><b>0</b>"))
        #expect(html.contains("log scale"))
    }

    @Test func theHighlightedLineOfAnExcerptIsNotFollowedByABlankLine() {
        let html = HTMLReport.render(SampleReport.current())
        // unknown-key is on line 2 of shop.example's file: lines 1 to 3 are quoted, line 2 highlighted.
        #expect(
            html.contains(
                "&quot;comment&quot;: &quot;\\u003cscript\\u003e \\&quot; =1+2&quot;}]},</span><span class=\"ln\">3</span>"
            ))
        #expect(!html.contains("</span>\n<span class=\"ln\">3</span>"))
    }

    @Test func theOnlyScriptIsTheOneTheContentSecurityPolicyAllows() throws {
        let html = HTMLReport.render(hostileReport())
        #expect(html.components(separatedBy: "<script").count - 1 == 1)
        let start = try #require(html.range(of: "<script>"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let script = String(html[start.upperBound..<end.lowerBound])
        let hex = Array(SHA256.hex(Array(script.utf8)).utf8)
        let digest = stride(from: 0, to: hex.count, by: 2).map {
            UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)!
        }
        #expect(
            html.contains(
                "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-\(Data(digest).base64EncodedString())'\">"
            ))
    }

    @Test func bidiControlsInSiteTextAreShownAsEscapes() {
        var report = hostileReport()
        report.domains[0].notes = ["moc.elpmaxe\u{202E} \u{2066}x\u{2069} \u{200F}"]
        report.domains[0].findings[0].message = "app \u{202D}ID\u{202C}"
        let html = HTMLReport.render(report)
        #expect(html.contains(#"moc.elpmaxe\u{202E} \u{2066}x\u{2069} \u{200F}"#))
        #expect(html.contains(#"app \u{202D}ID\u{202C}"#))
        #expect(
            !html.unicodeScalars.contains {
                (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value)
            })
        let xml = JUnitReport.render(report, failOn: .error)
        #expect(xml.contains(#"app \u{202D}ID\u{202C}"#))
    }
}
