/// Example evidence for the crawl checks.
enum ExampleCrawl {
    static let file = DecodedFile(
        bytes: Array(
            #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/shop/*"}, {"/": "/help/*"}]}]}}"#
                .utf8))
    static let matcher = file.document.map(Matcher.init)

    static func url(_ path: String, foundOn: String? = "https://example.com/") -> URLReport {
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

/// Crawl examples: the default crawl passes, and the failing crawl's findings land at the locations given.
extension Examples where Evidence == CrawlEvidence {
    static func crawlFailing(_ evidence: CrawlEvidence, at locations: [String]) -> Examples {
        Examples(passing: [.passing(ExampleCrawl.evidence())], failing: [.failing(evidence, at: locations)])
    }
}
