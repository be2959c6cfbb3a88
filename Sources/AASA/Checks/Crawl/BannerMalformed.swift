import Foundation

/// The Smart App Banner's content must parse.
public enum BannerMalformed: Check {
    public static let description = CheckDescription(
        id: "banner-malformed", area: .crawl, severity: .warning,
        summary: "Smart App Banner meta tags are well-formed",
        rationale: """
            `<meta name="apple-itunes-app" content="app-id=…, app-argument=…">` needs a numeric App Store ID; a bundle ID, \
            a typo in a key or a missing app-id means Safari shows no banner.
            """,
        reference: "https://developer.apple.com/documentation/webkit/promoting-apps-with-smart-app-banners")

    public static let examples = Examples<CrawlEvidence>(
        passing: [
            .passing(
                ExampleCrawl.evidence(banners: [
                    BannerSighting(page: "https://example.com/", content: "app-id=123456789")
                ]))
        ],
        failing: [
            .failing(
                ExampleCrawl.evidence(banners: [
                    BannerSighting(
                        page: "https://example.com/",
                        content: "app-id=com.acme.shop, app-arguement=https://example.com/")
                ]),
                at: ["https://example.com/"])
        ])

    public static func run(_ evidence: CrawlEvidence, into findings: inout FindingSink) {
        var reported = Set<String>()
        for banner in evidence.banners where reported.insert(banner.content).inserted {
            let problems = SmartBanner(banner.content).problems
            guard !problems.isEmpty else { continue }
            let pages = evidence.banners.filter { $0.content == banner.content }.count
            findings.append(
                Finding(
                    id: description.id, severity: description.severity,
                    message: "Smart App Banner \(JSONNode.quote(banner.content)): \(problems.joined(separator: "; "))"
                        + (pages > 1 ? " (on \(pages) pages)." : "."),
                    location: FindingLocation(url: banner.page),
                    why: "Safari shows no banner, or a banner that passes nothing to the app.",
                    hint: #"Write content="app-id=<numeric App Store ID>, app-argument=<https URL>"."#,
                    reference: description.reference))
        }
    }
}
