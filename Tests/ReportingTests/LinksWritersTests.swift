import AASA
import Audit
import Foundation
import Reporting
import Testing

/// links.csv and links.html on a report whose every site- or file-controlled text is hostile.
@Suite struct LinksWritersTests {
    static let evil = "<script>alert('x')</script>\u{1B}[2J"

    /// A link's finding as links.json lists it, from the domain's finding.
    static func finding(_ id: String, _ severity: Severity, _ message: String) -> LinkFinding {
        LinkFinding(
            Finding(id: id, severity: severity, message: message, location: FindingLocation(), why: "", hint: ""))
    }

    static func report() -> LinksReport {
        let hop = LinkHop(
            url: "https://click.test/c/1", httpStatus: 302, location: "=HYPERLINK(\"http://x.test\")\(evil)",
            note: evil)
        let links = [
            LinkResult(
                input: "https://click.test/c/1", source: "=cmd|' /C calc'!A0", text: evil,
                url: "https://click.test/c/1",
                tier: .safariFirst, appID: "9JA89QQLNQ.com.acme.shop", rule: #"{"/": "/p/*"}"#,
                chain: [hop, LinkHop(url: "https://shop.test/p/\(evil)", httpStatus: 200)],
                findings: [finding("link-safari-first", .warning, "+\(evil)")]),
            LinkResult(
                input: "https://shop.test/gone", source: "argument", text: nil, url: "https://shop.test/gone",
                tier: .broken, appID: nil, rule: nil, chain: [LinkHop(url: "https://shop.test/gone", httpStatus: 404)],
                findings: [finding("link-broken", .error, "The link is broken.")]),
        ]
        return LinksReport(
            version: "0", startedAt: Date(), finishedAt: Date(), interrupted: false, links: links, skipped: 2,
            skippedLinks: SkippedLinks(
                entries: [
                    SkippedLink(input: "data:text/html,\(evil)", source: "@list:4", kind: .other, reason: "-\(evil)")
                ], omitted: 1),
            inputErrors: [InputError(input: evil, source: "list:3", reason: "not a link")],
            domains: ConsultedDomains([]))
    }

    @Test func linksCSVIsWorstFirstWithFormulasNeutralisedAndControlsVisible() {
        let csv = LinksCSV.render(Self.report())
        let rows = csv.split(separator: "\r\n").map(String.init)
        #expect(rows[0] == LinksCSV.headers.joined(separator: ","))
        #expect(rows[1].hasPrefix("argument,https://shop.test/gone,broken,,,0,https://shop.test/gone,404,"))
        #expect(rows[2].hasPrefix("'=cmd|' /C calc'!A0,https://click.test/c/1,safari-first,"), "\(rows[2])")
        #expect(!csv.unicodeScalars.contains { $0.value == 0x1B })
        // The skipped entry comes last, its tier empty, its source and reason neutralised too.
        #expect(rows.count == 4 && rows[3].hasPrefix("'@list:4,\"data:text/html,"), "\(rows)")
        #expect(rows[3].hasSuffix(",,,,,,,,other,'-<script>alert('x')</script>\\u{1B}[2J,"), "\(rows[3])")
        #expect(Self.report().summary.safariFirst == 1 && Self.report().summary.broken == 1)
    }

    @Test func linksHTMLEscapesEverythingAndRunsNoScript() {
        let html = LinksHTML.render(Self.report())
        #expect(!html.contains("<script>") && html.contains("&lt;script&gt;"))
        #expect(html.contains("default-src 'none'; style-src 'unsafe-inline'"))
        #expect(!html.unicodeScalars.contains { $0.value == 0x1B })
        #expect(html.contains("Not judged: not web links") && html.contains("and 1 more, counted."))
        #expect(html.contains("data:text/html,&lt;script&gt;"))
        // Worst first: the broken link's row comes before the safari-first one.
        let broken = html.range(of: "https://shop.test/gone")
        let safari = html.range(of: "https://click.test/c/1")
        #expect(broken != nil && safari != nil)
        if let broken, let safari { #expect(broken.lowerBound < safari.lowerBound) }
    }
}
