import AASA
import Audit
import Testing

/// The tier order on canned chains: custom scheme, Firebase Dynamic Links, opens the app, broken, Safari first,
/// never. The chains are followed for real in EndToEndTests/LinksCommandTests.
@Suite struct LinkJudgeTests {
    static let app = "9JA89QQLNQ.com.acme.shop"
    static let tapped = "https://click.acme.test/c/1"

    func hop(_ url: String, _ status: Int? = 200, opens: Bool = false) -> LinkHop {
        LinkHop(url: url, httpStatus: status, opensApp: opens ? Self.app : nil, rule: opens ? #"{"/": "/*"}"# : nil)
    }

    @Test func aSchemeLinkIsCustomSchemeWhateverElse() throws {
        let evidence = CustomSchemeEvidence(
            link: "acmeshop://p/1", foundOn: "argument", schemes: nil, replacement: nil, replacementSought: false)
        let finding = try #require(Catalogue.check(evidence).first)
        let verdict = LinkJudge.judge(LinkEvidence(url: "acmeshop://p/1"), schemeFinding: finding)
        #expect(verdict.tier == .customScheme && verdict.findings.map(\.id) == ["link-custom-scheme"])
        #expect(verdict.findings[0].severity == .info)
    }

    @Test func aDynamicLinksHostIsBrokenEvenWhenItsFileWouldOpenTheApp() {
        let url = "https://acme.page.link/x"
        let verdict = LinkJudge.judge(LinkEvidence(url: url, chain: [hop(url, opens: true)]))
        #expect(verdict.tier == .broken && verdict.findings.map(\.id) == ["link-dynamic-links"])
        #expect(LinkDynamicLinks.isDynamicLinksHost("app.goo.gl") && !LinkDynamicLinks.isDynamicLinksHost("page.links"))
    }

    @Test func theTappedURLDecidesBeforeABrokenChain() {
        let evidence = LinkEvidence(
            url: Self.tapped, chain: [hop(Self.tapped, 500, opens: true)], broken: "hop 0 answers HTTP 500")
        let verdict = LinkJudge.judge(evidence)
        #expect(verdict.tier == .opensApp && verdict.appID == Self.app && verdict.rule == #"{"/": "/*"}"#)
        #expect(verdict.findings.map { "\($0.id) \($0.severity)" } == ["link-broken warning"])
    }

    @Test func anOpeningLinkBehindRedirectsNotesTheAppGetsTheTrackingURL() {
        let chain = [hop(Self.tapped, 302, opens: true), hop("https://acme.test/p/1")]
        let verdict = LinkJudge.judge(LinkEvidence(url: Self.tapped, chain: chain))
        #expect(verdict.tier == .opensApp && verdict.findings.isEmpty)
        #expect(verdict.chain[0].note?.contains("must resolve it itself") == true)
        let direct = LinkJudge.judge(LinkEvidence(url: Self.tapped, chain: [hop(Self.tapped, opens: true)]))
        #expect(direct.chain[0].note == nil)
    }

    @Test func aBrokenChainBeatsALaterHopThatWouldOpenTheApp() {
        let chain = [
            hop(Self.tapped, 302), hop("https://acme.test/p/1", 302, opens: true), hop("https://acme.test/x", 404),
        ]
        let verdict = LinkJudge.judge(LinkEvidence(url: Self.tapped, chain: chain, broken: "hop 2 answers HTTP 404"))
        #expect(verdict.tier == .broken && verdict.findings.map(\.id) == ["link-broken"])
        #expect(verdict.findings[0].severity == .error)
    }

    @Test func aLaterHopThatOpensTheAppIsSafariFirstAndNamesTheHop() {
        let chain = [
            hop(Self.tapped, 301), hop("http://acme.test/p/1", 301), hop("https://acme.test/p/1", opens: true),
        ]
        let verdict = LinkJudge.judge(LinkEvidence(url: Self.tapped, chain: chain))
        #expect(verdict.tier == .safariFirst && verdict.appID == Self.app)
        #expect(verdict.findings.map(\.id) == ["link-safari-first"])
        #expect(verdict.findings[0].message.contains("hop 2 (https://acme.test/p/1) would open \(Self.app)"))
    }

    @Test func noOpeningURLIsNever() {
        let verdict = LinkJudge.judge(
            LinkEvidence(url: Self.tapped, chain: [hop(Self.tapped, 302), hop("https://a.test/")]))
        #expect(verdict.tier == .never && verdict.findings.isEmpty && verdict.appID == nil)
    }

    @Test func failOnFailsAtItsTierAndWorseOnly() {
        let table: [(LinkTier, LinkTier, Bool)] = [
            (.broken, .broken, true), (.never, .broken, false), (.safariFirst, .broken, false),
            (.broken, .never, true), (.never, .never, true), (.safariFirst, .never, false),
            (.broken, .safariFirst, true), (.never, .safariFirst, true), (.safariFirst, .safariFirst, true),
            (.opensApp, .safariFirst, false), (.customScheme, .safariFirst, false),
        ]
        for (tier, threshold, fails) in table {
            #expect(tier.fails(at: threshold) == fails, "\(tier) at \(threshold)")
        }
    }

    @Test func chainsAreNotFollowedToIPsOtherPortsOrSchemes() {
        for url in [
            "http://127.0.0.1/x", "https://[::1]/", "http://2130706433/", "http://0x7f.1/", "https://10.0.0.1:443/",
        ] {
            #expect(LinkURL(url)?.refusal?.contains("IP address") == true, "\(url)")
        }
        #expect(LinkURL("https://a.test:8443/")?.refusal?.contains("port 8443") == true)
        #expect(LinkURL("https://a.test:443/")?.refusal == nil && LinkURL("http://a.test:80/")?.refusal == nil)
        #expect(LinkURL("myapp://x")?.refusal?.contains("myapp: scheme") == true)
        #expect(LinkURL("HTTPS://A.Test/P")?.host == "a.test")
        #expect(LinkURL("https://a.test:99999/") == nil)
    }

    @Test func aLocationIsRequestedAsABrowserWouldEncodeIt() {
        #expect(
            LinkURL.requestForm("https://a.test/p/\u{1B}[31m x\u{7F}é\"") == "https://a.test/p/%1B[31m%20x%7F%C3%A9%22")
        #expect(LinkURL.requestForm("https://a.test/p?q=%20") == "https://a.test/p?q=%20")
    }
}
