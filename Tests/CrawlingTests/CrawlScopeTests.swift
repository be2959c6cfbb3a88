import Testing

@testable import Crawling

/// Which hosts a crawl fetches, decided on the host alone.
@Suite struct CrawlScopeTests {
    @Test(arguments: [
        ("shop.test", false, true), ("shop.test", true, true), ("blog.shop.test", false, false),
        ("blog.shop.test", true, true), ("a.b.shop.test", true, true), ("evilshop.test", true, false),
        ("shop.test.evil.example", true, false), ("other.test", true, false), ("127.0.0.1", true, false),
        ("[::1]", true, false),
    ])
    func onlyTheAuditedHostAndAskedForSubdomainsAreInScope(_ host: String, _ subdomains: Bool, _ inScope: Bool) {
        #expect(CrawlScope(domain: "shop.test", includeSubdomains: subdomains).contains(host: host) == inScope)
    }
}
