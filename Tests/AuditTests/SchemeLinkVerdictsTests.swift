import AASA
import Foundation
import Testing

@testable import Audit

/// The crawl's custom-scheme links judged across the run: the first of the entitlements' domains whose served file
/// opens the app on `https://DOMAIN/HOST/PATH` names the replacement, and the findings join the domain's.
@Suite struct SchemeLinkVerdictsTests {
    static let app = "9JA89QQLNQ.com.acme.shop"

    static func report(_ domain: String, rules: String?, status: Int = 200, links: [String] = []) -> DomainReport {
        let exchange = Exchange(
            location: .wellKnown, url: "https://\(domain)/.well-known/apple-app-site-association",
            userAgent: "AASA-Bot/1.0.0", httpStatus: status, contentType: "application/json", bytes: 10)
        var schemeLinks = SchemeLinks()
        for link in links {
            schemeLinks.record(link, scheme: String(link.prefix { $0 != ":" }), page: "https://\(domain)/")
        }
        return DomainReport(
            domain: domain, fetches: [exchange], apps: [], findings: [],
            crawl: links.isEmpty
                ? nil
                : DomainReport.CrawlSummary(
                    pagesFetched: 1, urlsDiscovered: 1, stoppedBecause: "complete", robotsDisallowed: 0,
                    trapsSkipped: 0, otherSchemes: [:], ruleHits: [], schemeLinks: schemeLinks),
            file: rules.map {
                #"{"applinks": {"details": [{"appIDs": ["\#(app)"], "components": [{"/": "\#($0)"}]}]}}"#
            })
    }

    @Test func theFirstAssociatedDomainWhoseServedFileMatchesNamesTheReplacement() throws {
        var reports = [
            Self.report("site.test", rules: "/nothing/*", links: ["acmeshop://product/42", "acmeshop://help"]),
            Self.report("broken.test", rules: "/product/*", status: 404),
            Self.report("second.test", rules: "/product/*"),
            Self.report("third.test", rules: "*"),
        ]
        SchemeLinkVerdicts.judge(
            &reports, schemes: URLSchemes(file: "Info.plist", schemes: ["acmeshop"], unresolved: []),
            associated: ["site.test", "broken.test", "second.test", "third.test"])
        let links = try #require(reports[0].crawl?.schemeLinks?.links)
        // broken.test answered 404: Apple has no file there, so it cannot open the app.
        #expect(links[0].replacement?.domain == "second.test")
        #expect(links[0].replacement?.url == "https://second.test/product/42")
        #expect(links[1].replacement?.domain == "third.test")
        #expect(links.allSatisfy { $0.declared == "declared" })
        #expect(reports[0].findings.map(\.id) == ["link-custom-scheme", "link-custom-scheme"])
        #expect(reports[0].verdict == .pass)
        #expect(reports[2].findings.isEmpty, "only domains whose crawl found links get findings")
    }

    @Test func withoutEntitlementsNothingIsSoughtAndWithoutLinksNothingChanges() throws {
        var reports = [Self.report("site.test", rules: "*", links: ["acmeshop://product/42"])]
        SchemeLinkVerdicts.judge(&reports, schemes: nil, associated: nil)
        let link = try #require(reports[0].crawl?.schemeLinks?.links.first)
        #expect(link.declared == "unknown" && link.replacement == nil)
        #expect(reports[0].findings.first?.hint.contains("give --entitlements") == true)
        var none = [Self.report("site.test", rules: "*")]
        SchemeLinkVerdicts.judge(&none, schemes: nil, associated: ["site.test"])
        #expect(none[0].findings.isEmpty && none[0].crawl == nil)
    }
}
