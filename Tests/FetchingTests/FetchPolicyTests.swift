import AASA
import Fetching
import TestSupport
import Testing

/// The standard policies say what each kind of fetch needs, and the header selection matches names.
@Suite struct FetchPolicyTests {
    @Test func theFileIsFetchedAsApplesFetcherDoes() {
        let policy = FetchPolicy.aasaFile()
        #expect(policy.userAgent == UserAgents.apple && policy.maxBytes == SizeLimits.aasa)
        #expect(policy.refusesDeclaredOversize && policy.keepsBody && policy.digestsBody && policy.headers == .all)
        #expect(policy.verifiesPeer && !policy.capturesTLS)
        let look = FetchPolicy.aasaFile(userAgent: "A/1", capturesTLS: true, verifiesPeer: false)
        #expect(look.userAgent == "A/1" && look.capturesTLS && !look.verifiesPeer)
    }

    @Test func crawlFetchesReadABeginningAndKeepOnlyTheHeadersTheCrawlReads() {
        let page = FetchPolicy.crawledPage(userAgent: "Bot/1", maxBytes: 5_000)
        #expect(page.userAgent == "Bot/1" && page.maxBytes == 5_000)
        #expect(!page.refusesDeclaredOversize && !page.keepsBody && !page.digestsBody && page.headers == .crawl)
        #expect(page.verifiesPeer && !page.capturesTLS)
        let file = FetchPolicy.crawlFile(userAgent: "Bot/1", maxBytes: 7_000)
        #expect(file.keepsBody, "robots.txt and sitemaps are parsed whole")
        #expect(!file.refusesDeclaredOversize && !file.digestsBody && file.headers == .crawl && file.maxBytes == 7_000)
    }

    func keeps(_ selection: HeaderSelection, _ name: String) -> Bool {
        Array(name.utf8).withUnsafeBufferPointer { selection.keeps($0) }
    }

    @Test func aSelectionMatchesWholeNamesIgnoringCase() {
        for name in ["Content-Type", "content-type", "RETRY-AFTER", "Location"] {
            #expect(keeps(.crawl, name), "\(name)")
        }
        for name in ["Set-Cookie", "Content-Typ", "Content-Types", "", "Server"] {
            #expect(!keeps(.crawl, name), "\(name)")
        }
        #expect(keeps(.all, "Set-Cookie") && keeps(.all, ""))
        #expect(keeps(.only(["X-Robots-Tag"]), "x-robots-tag") && !keeps(.only([]), "x-robots-tag"))
    }
}

/// Each policy choice, on the real libcurl against the fixture server.
@Suite struct FetchPolicyIntegrationTests {
    static let fetcher = CurlFetcherWallClockTests.fetcher

    func fetch(_ host: String, _ policy: FetchPolicy) async -> Exchange {
        let url = DomainProbe.url("\(host).aasa.test", .wellKnown)
        return await Self.fetcher.fetch(FetchRequest(url: url, location: .wellKnown, policy: policy))
    }

    @Test func aCrawlFileReadsTheBeginningOfADeclaredOversizeBodyWhereTheFilePolicyRefusesIt() async {
        var file = FetchPolicy.aasaFile()
        file.maxBytes = 10_000
        let refused = await fetch("large", file)
        #expect(refused.truncated && refused.body.isEmpty && refused.failure == nil)
        #expect(refused.bytes >= 10_000 + 64 * 1024, "reported as at least the refused size")
        let read = await fetch("large", .crawlFile(userAgent: UserAgents.apple, maxBytes: 10_000))
        #expect(read.truncated && read.failure == nil)
        #expect(read.body.count == 10_000 + 64 * 1024, "the cap plus the overread, kept to be parsed")
        #expect(read.sha256 == nil)
    }

    @Test func aCrawledPageKeepsNeitherBodyNorDigestAndOnlyTheCrawlsHeaders() async {
        let whole = await fetch("good", .aasaFile())
        let page = await fetch("good", .crawledPage(userAgent: UserAgents.apple, maxBytes: SizeLimits.aasa))
        #expect(whole.headers.count > 2 && whole.header("content-length") != nil)
        #expect(page.headers.map { $0.name.lowercased() } == ["content-type"])
        #expect(page.httpStatus == 200 && page.bytes == whole.bytes && !page.truncated)
        #expect(page.body.isEmpty && page.sha256 == nil)
        #expect(whole.body.count == whole.bytes && whole.sha256 == SHA256.hex(whole.body))
    }

    @Test func aRedirectIsNotFollowedUnderAnyPolicy() async {
        for policy in [FetchPolicy.aasaFile(), .crawledPage(userAgent: "B/1", maxBytes: 1_000)] {
            let e = await fetch("redirect", policy)
            #expect(e.httpStatus == 301 && e.redirectTo != nil)
        }
    }
}
