import AASA
import Audit
import Foundation

/// One run that exercises every part of every report writer: a failing, a warning and a passing domain, a crawl
/// with verdicts for two apps, entitlements, changes since a baseline, and site-controlled text that tries
/// markup, quotes, spreadsheet formulas, control characters and non-ASCII. Dates are fixed, so output is too.
enum SampleReport {
    static let hostile = "<script>alert(\"x\")</script> & 'q'"
    static let shopApp = "9JA89QQLNQ.com.acme.shop"
    static let betaApp = "ABCDE12345.com.acme.beta"

    static let shopFile = """
        {"applinks": {"details": [
          {"appIDs": ["\(shopApp)"], "components": [{"/": "/shop/*", "comment": "\\u003cscript\\u003e \\" =1+2"}]},
          {"appIDs": ["\(betaApp)"], "components": [{"/": "/shop/beta/*", "exclude": true}, {"/": "/shop/*"}]}
        ]}}
        """

    static func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_767_225_600 + seconds) }

    static func finding(
        _ id: String, _ severity: Severity, _ message: String, url: String, pointer: String? = nil, line: Int? = nil,
        column: Int? = nil
    ) -> Finding {
        Finding(
            id: id, severity: severity, message: message,
            location: FindingLocation(url: url, pointer: pointer, line: line, column: column),
            why: "Why it matters for \(id).", hint: "How to fix \(id).", reference: "https://developer.apple.com/\(id)")
    }

    static func wellKnown(
        _ host: String, status: Int, type: String, sha256: String, daysLeft: Int, problem: TLSProblem? = nil
    ) -> Exchange {
        Exchange(
            location: .wellKnown, url: "https://\(host)/.well-known/apple-app-site-association",
            userAgent: "AASA-Bot/1.0.0", httpStatus: status, contentType: type,
            headers: [HeaderField(name: "Content-Type", value: type)], bytes: 412, wireBytes: 280, sha256: sha256,
            tls: TLSFacts(
                protocolVersion: "TLSv1.3", verified: problem == nil, problem: problem, subject: "CN=\(host)",
                issuer: "CN=Test CA \(hostile)", notAfter: at(Double(daysLeft) * 86_400), daysLeft: daysLeft),
            timingsMs: Timings(dns: 1.25, connect: 3.5, tls: 12.125, firstByte: 20.0625, total: 21))
    }

    /// The crawl of shop.example: URLs judged by the file, so both apps get real verdicts.
    static func shopURLs() -> URLTable {
        var urls = URLTable()
        urls.append(
            url: "https://shop.example/shop/1", foundOn: "https://shop.example/", httpStatus: 200, note: nil, depth: 1,
            anchorText: "Shop")
        urls.addInlink(at: 0)
        urls.addInlink(at: 0)
        urls.append(
            url: "https://shop.example/shop/beta/2", foundOn: "https://shop.example/", httpStatus: 200, note: nil,
            depth: 1, anchorText: "=BETA(\"x\"), try it")
        urls.addInlink(at: 1)
        urls.append(
            url: "https://shop.example/about", foundOn: "=HYPERLINK(\"http://evil\")", httpStatus: 404,
            note: .text("-2+3"),
            depth: 2)
        // Each field on its own (a 404 with a redirect target never comes from a crawl), hostile where it can be.
        urls.setRedirect("-https://shop.example/about-us?a=1,b=\"2\"", at: 2)
        urls.append(
            url: "https://shop.example/shop/\u{E9}t\u{E9}?q=\"a,b\"", foundOn: "@SUM(1)", httpStatus: nil,
            note: .text("\tnot fetched: crawl cap\r\nline two \u{1}"))
        urls.append(
            url: "https://elsewhere.example/+x", foundOn: "+cmd|' /C calc'!A0", httpStatus: nil, note: nil, depth: 3,
            anchorText: "+x \u{1B}[31m")
        if let document = DecodedFile(bytes: Array(shopFile.utf8)).document {
            urls.judge(host: "shop.example", by: Matcher(document))
        }
        return urls
    }

    /// The run being reported, with what changed since `previous()`.
    static func current() -> AuditReport {
        var report = run()
        report.changes = Changes.compare(previous(), report, baseline: "Reports/2025-12-31/report.json")
        return report
    }

    private static func run() -> AuditReport {
        let shop = DomainReport(
            domain: "shop.example", input: "https://shop.example/landing", notes: ["note with \(hostile)"],
            fetches: [
                wellKnown("shop.example", status: 200, type: "text/html; \(hostile)", sha256: "b2", daysLeft: 80),
                Exchange(
                    location: .root, url: "https://shop.example/apple-app-site-association",
                    userAgent: "AASA-Bot/1.0.0",
                    httpStatus: 301, redirectTo: "https://shop.example/=cmd", failure: nil, error: "\"quoted\" \u{7}"),
            ],
            apps: [
                AppServices(appID: shopApp, services: ["applinks"]),
                AppServices(appID: betaApp, services: ["applinks"]),
            ],
            findings: [
                finding(
                    "content-type", .error, "Served as text/html; \(hostile)",
                    url: "https://shop.example/.well-known/apple-app-site-association", pointer: "", line: 1, column: 1),
                finding(
                    "unknown-key", .warning, "Unknown key \"comment\" =1+2", url: "https://shop.example/",
                    pointer:
                        "/applinks/details/0/components/0/comment", line: 2, column: 62),
                finding("crawl-summary", .info, "Crawled 3 pages: 日本語 ✓", url: "https://shop.example/"),
            ],
            entitlements: ["applinks:shop.example", "applinks:*.shop.example?mode=developer"],
            crawl: DomainReport.CrawlSummary(
                pagesFetched: 3, urlsDiscovered: 5, stoppedBecause: "page cap \(hostile)", robotsDisallowed: 1,
                trapsSkipped: 2, otherSchemes: ["mailto": 2, "javascript": 1], ruleHits: []),
            urls: shopURLs(), file: shopFile)
        let blog = DomainReport(
            domain: "blog.example",
            fetches: [wellKnown("blog.example", status: 200, type: "application/json", sha256: "c3", daysLeft: 5)],
            apps: [AppServices(appID: shopApp, services: ["applinks", "webcredentials"])],
            findings: [
                finding(
                    "tls-expiring", .warning, "The certificate expires in 5 days",
                    url: "https://blog.example/.well-known/apple-app-site-association")
            ],
            file: #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "paths": ["/post/*"]}]}}"#)
        let books = DomainReport(
            domain: "xn--bcher-kva.example", input: "bücher.example", unicode: "bücher.example",
            fetches: [
                wellKnown("xn--bcher-kva.example", status: 200, type: "application/json", sha256: "d4", daysLeft: 300)
            ],
            apps: [AppServices(appID: shopApp, services: ["applinks"])], findings: [],
            file: #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "paths": ["*"]}]}}"#)
        let entitlements = AuditReport.EntitlementsReport(
            file: "App/Shop.entitlements", appID: shopApp,
            entries: ["applinks:shop.example", "applinks:blog.example", "applinks:\(hostile)"],
            findings: [
                finding(
                    "entitlement-entry-format", .error, "Not a domain: \(hostile)", url: "App/Shop.entitlements",
                    line: 9
                )
            ])
        return AuditReport(
            version: "1.2.3", startedAt: at(0), finishedAt: at(42.5), interrupted: true,
            notAudited: ["late.example"], domains: [shop, blog, books], entitlements: entitlements)
    }

    /// The run before: other findings, another file on shop.example, a certificate not yet expiring, a URL that
    /// opened the other app, and a domain since dropped.
    static func previous() -> AuditReport {
        var report = run()
        report.startedAt = at(-86_400)
        report.domains[0].fetches[0].sha256 = "a1"
        report.domains[0].apps.removeLast()
        report.domains[0].file =
            #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "paths": ["*"]}]}}"#
        report.domains[0].findings = [finding("http-status", .error, "Answered 500", url: "https://shop.example/")]
        report.domains[1].fetches[0].tls?.daysLeft = 40
        var urls = Array(report.domains[0].urls)
        urls[1].opensApp = betaApp
        report.domains[0].urls = URLTable(urls)
        report.domains.append(DomainReport(domain: "gone.example", fetches: [], apps: [], findings: []))
        return report
    }
}
