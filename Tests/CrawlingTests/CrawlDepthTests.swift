import AASA
import Crawling
import Fetching
import Foundation
import TestSupport
import Testing

/// Depth needs a page's own depth known when it is scanned. seo.aasa.test answers its start page last (0.3 s), so a
/// page its sitemap lists would be fetched and scanned first, and its links reported without a depth, were the
/// sitemap's pages not held back until no linked page is waiting or in flight (`CrawlFrontier.next`).
@Suite struct CrawlDepthTests {
    /// seo.aasa.test: what a link team asks first, from the real crawler on real pages.
    @Test func depthCountsLinksFromTheStartPageAndIsUnknownForASitemapBranch() async throws {
        let result = await CrawlTests().crawl("seo.aasa.test")
        #expect(result.stoppedBecause == .complete)
        let byURL = Dictionary(result.urls.map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
        func depth(_ path: String) -> Int?? { byURL["https://seo.aasa.test\(path)"].map(\.depth) }
        #expect(depth("/") == 0)
        #expect(depth("/shop/1") == 1, "listed by the sitemap first, then linked from the start page")
        #expect(byURL["https://seo.aasa.test/shop/1"]?.foundOn == "sitemap https://seo.aasa.test/sitemap.xml")
        #expect(depth("/shop/deep") == 2)
        #expect(depth("/shop/deeper") == 3)
        #expect(depth("/shop/sitemap-only") == .some(nil), "known only from the sitemap")
        #expect(depth("/shop/from-sitemap-page") == .some(nil), "linked only from a page no link reaches")
        #expect(depth("/shop/7?q=%22a,b%22") == 1, "a redirect is no link: as deep as the URL that redirects")
    }
}
