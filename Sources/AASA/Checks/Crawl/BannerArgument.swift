import Foundation

/// A Smart App Banner's app-argument must be a URL that opens the app.
public enum BannerArgument: Check {
    public static let description = CheckDescription(
        id: "banner-argument", area: .crawl, severity: .warning,
        summary: "Smart App Banner arguments open the app",
        rationale: """
            Safari's Smart App Banner passes `app-argument` to the app when the user taps Open; apps usually hand it to \
            their universal-link router. An argument the site's own file does not route to the app sends users \
            to a screen the app cannot show.
            """,
        reference: "https://developer.apple.com/documentation/webkit/promoting-apps-with-smart-app-banners")

    public static let examples = Examples<CrawlEvidence>(
        passing: [
            .passing(
                ExampleCrawl.evidence(banners: [
                    BannerSighting(
                        page: "https://example.com/shop/1",
                        content: "app-id=123456789, app-argument=https://example.com/shop/1")
                ]))
        ],
        failing: [
            .failing(
                ExampleCrawl.evidence(banners: [
                    BannerSighting(
                        page: "https://example.com/about",
                        content: "app-id=123456789, app-argument=https://example.com/about")
                ]),
                at: ["https://example.com/about"])
        ])

    public static func run(_ evidence: CrawlEvidence, into findings: inout FindingSink) {
        guard let matcher = evidence.matcher else { return }
        var reported = Set<String>()
        for banner in evidence.banners {
            guard let argument = SmartBanner(banner.content).argument, let url = PreparedURL(argument),
                url.host == evidence.domain, reported.insert(argument).inserted
            else { continue }
            let verdicts = matcher.verdicts(for: argument)
            guard verdicts.opensApp == nil else { continue }
            let pages = evidence.banners.filter { SmartBanner($0.content).argument == argument }.count
            findings.append(
                Finding(
                    id: description.id, severity: description.severity,
                    message:
                        "The Smart App Banner's app-argument \(argument) would not open the app under this site's file"
                        + (pages > 1 ? " (on \(pages) pages)." : "."),
                    location: FindingLocation(url: banner.page),
                    why:
                        "Tapping Open passes a URL the app's universal-link routing does not expect (every iOS version with banners).",
                    hint: verdicts.verdicts.first.map {
                        "The file says: \($0.reason) Point app-argument at a URL the file routes to the app, or add a rule."
                    }
                        ?? "Add a rule for it, or point app-argument at a URL the file routes to the app.",
                    reference: description.reference))
        }
    }
}
