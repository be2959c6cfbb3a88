import Foundation

/// Example evidence for the crawl checks.
enum ExampleCrawl {
    static let file = Array(
        #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/shop/*"}, {"/": "/help/*"}]}]}}"#
            .utf8)

    static func url(_ path: String, foundOn: String? = "https://example.com/") -> URLReport {
        let matcher = DecodedFile(bytes: file).document.map(Matcher.init)
        let (verdicts, opens) = CrawlEvidence.verdicts("https://example.com" + path, matcher: matcher)
        return URLReport(
            url: "https://example.com" + path, foundOn: foundOn, httpStatus: 200, verdicts: verdicts, opensApp: opens,
            note: nil)
    }

    static func evidence(
        urls: [String] = ["/shop/1", "/help/a"], banners: [BannerSighting] = [], errors: [PageError] = []
    ) -> CrawlEvidence {
        CrawlEvidence(
            domain: "example.com", file: file, urls: URLTable(urls.map { url($0) }), banners: banners,
            pageErrors: errors)
    }
}

/// A Smart App Banner's app-argument must be a URL that opens the app.
public enum BannerArgument: CrawlCheck {
    public static let description = CheckDescription(
        id: "banner-argument", area: .crawl, severity: .warning,
        summary: "Smart App Banner arguments open the app",
        rationale: """
            Safari's Smart App Banner passes `app-argument` to the app when the user taps Open; apps usually hand it to \
            their universal-link router. An argument the site's own file does not route to the app sends users \
            to a screen the app cannot show.
            """,
        reference: "https://developer.apple.com/documentation/webkit/promoting-apps-with-smart-app-banners",
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
        guard let file = evidence.file, let document = DecodedFile(bytes: file).document else { return }
        let matcher = Matcher(document)
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

/// The Smart App Banner's content must parse.
public enum BannerMalformed: CrawlCheck {
    public static let description = CheckDescription(
        id: "banner-malformed", area: .crawl, severity: .warning,
        summary: "Smart App Banner meta tags are well-formed",
        rationale: """
            `<meta name="apple-itunes-app" content="app-id=…, app-argument=…">` needs a numeric App Store ID; a bundle ID, \
            a typo in a key or a missing app-id means Safari shows no banner.
            """,
        reference: "https://developer.apple.com/documentation/webkit/promoting-apps-with-smart-app-banners",
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

/// Every rule should match some real URL of the site.
public enum RuleUnused: CrawlCheck {
    public static let description = CheckDescription(
        id: "rule-unused", area: .crawl, severity: .info,
        summary: "Every rule decides for some URL the crawl found",
        rationale:
            "A rule no linked URL reaches is stale (a renamed section) or a typo; the per-rule hit counts in the report show the rest.",
        reference: AppleDocs.supportingAssociatedDomains,
        passing: [.passing(ExampleCrawl.evidence())],
        failing: [.failing(ExampleCrawl.evidence(urls: ["/shop/1"]), at: ["/applinks/details/0/components/1"])])

    public static func run(_ evidence: CrawlEvidence, into findings: inout FindingSink) {
        guard !evidence.urls.isEmpty else { return }
        for hit in evidence.ruleHits() where hit.hits == 0 {
            findings.append(
                Finding(
                    id: description.id, severity: description.severity,
                    message: "Rule \(hit.rule.rule) decided for none of the \(evidence.urls.count) URLs found"
                        + (evidence.complete ? "." : " (the crawl stopped early)."),
                    location: FindingLocation(
                        url: DomainProbe.url(evidence.domain, .wellKnown), pointer: hit.rule.pointer,
                        line: hit.rule.line,
                        column: hit.rule.column),
                    why: "Harmless on every iOS version, but stale rules hide the ones that matter.",
                    hint: "Remove it if the section is gone, or check its spelling against real URLs.",
                    reference: description.reference))
        }
    }
}

/// Pages that fail while crawling, summarised per domain.
public enum CrawlPageError: CrawlCheck {
    public static let description = CheckDescription(
        id: "crawl-page-error", area: .crawl, severity: .warning,
        summary: "Linked pages load",
        rationale:
            "Broken links found while crawling (4xx, 5xx, timeouts) are reported once per domain, summarised by cause.",
        reference: AppleDocs.tn3155,
        passing: [.passing(ExampleCrawl.evidence())],
        failing: [
            .failing(
                ExampleCrawl.evidence(errors: [
                    PageError(url: "https://example.com/gone", status: 404, error: nil),
                    PageError(url: "https://example.com/slow", status: nil, error: "Operation timed out"),
                ]),
                at: ["https://example.com/"])
        ])

    public static func run(_ evidence: CrawlEvidence, into findings: inout FindingSink) {
        guard !evidence.pageErrors.isEmpty else { return }
        var causes: [String: Int] = [:]
        for error in evidence.pageErrors {
            causes[error.status.map { "HTTP \($0)" } ?? (error.error ?? "failed"), default: 0] += 1
        }
        let summary = causes.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }.map {
            "\($0.key) ×\($0.value)"
        }
        let examples = evidence.pageErrors.prefix(5).map(\.url)
        findings.append(
            Finding(
                id: description.id, severity: description.severity,
                message:
                    "\(evidence.pageErrors.count) page(s) failed: \(summary.joined(separator: ", ")); for example \(examples.joined(separator: ", ")).",
                location: FindingLocation(url: "https://\(evidence.domain)/"),
                why: "Broken links lead users nowhere, in the app or on the web; the urls table lists each one.",
                hint: "Fix or remove the links; the report's URL table says where each was found.",
                reference: description.reference))
    }
}
