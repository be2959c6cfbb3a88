import AASA
import Crawling
import Fetching
import Foundation
import TestSupport
import Testing

/// Depth needs a page's own depth known when it is scanned: beside the whole suite on a loaded machine a page the
/// sitemap listed was fetched and scanned before the start page's link gave it a depth, and its links had none. So
/// this runs in Scripts/test's pass for *WallClockTests, where the start page is scanned first as on any idle
/// machine.
@Suite struct CrawlDepthWallClockTests {
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
