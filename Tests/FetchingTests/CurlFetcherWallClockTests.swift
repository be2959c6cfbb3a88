import AASA
import Fetching
import Foundation
import TestSupport
import Testing

/// The real libcurl against the real local HTTPS fixture.
/// Its fetches have a 3 s limit that slow hosts prove; beside the whole suite under ThreadSanitizer ordinary fetches
/// passed it too, so it runs in the pass for *WallClockTests.
@Suite struct CurlFetcherWallClockTests {
    static let server = FixtureServer.shared
    static let fetcher = CurlFetcher(
        configuration: FetcherConfiguration(connectTo: server.connectTo, caCertificate: server.caPath, timeout: 3))

    func fetch(
        _ host: String, _ location: FetchLocation = .wellKnown, agent: String = UserAgents.apple, inspect: Bool = true,
        verify: Bool = true, cap: Int = SizeLimits.aasa, fetcher: CurlFetcher = CurlFetcherWallClockTests.fetcher
    ) async -> Exchange {
        var policy = FetchPolicy.aasaFile(userAgent: agent, capturesTLS: inspect, verifiesPeer: verify)
        policy.maxBytes = cap
        return await fetch(host, location, policy, fetcher: fetcher)
    }

    func fetch(
        _ host: String, _ location: FetchLocation = .wellKnown, _ policy: FetchPolicy,
        fetcher: CurlFetcher = CurlFetcherWallClockTests.fetcher
    ) async -> Exchange {
        await fetcher.fetch(
            FetchRequest(url: DomainProbe.url("\(host).aasa.test", location), location: location, policy: policy))
    }

    @Test func aGoodFileArrivesWithEverythingMeasured() async throws {
        let e = await fetch("good")
        #expect(e.failure == nil, "\(e.error ?? "")")
        #expect(e.httpStatus == 200)
        #expect(e.contentType == "application/json")
        #expect(e.header("content-type") == "application/json")
        #expect(e.bytes == e.body.count && e.bytes > 100 && !e.truncated)
        #expect(e.sha256 == SHA256.hex(e.body))
        #expect(DecodedFile(bytes: e.body).document != nil)
        let tls = try #require(e.tls)
        #expect(tls.verified && tls.problem == nil)
        #expect(tls.protocolVersion == "TLSv1.3")
        #expect(tls.subject?.contains("CN=*.aasa.test") == true)
        #expect(tls.issuer?.contains("aasa-audit Test CA") == true)
        #expect((363...365).contains(tls.daysLeft ?? 0))
        #expect((e.timingsMs.total ?? 0) > 0)
    }

    @Test func redirectsAreRecordedNeverFollowed() async {
        let e = await fetch("redirect")
        #expect(e.httpStatus == 301)
        #expect(e.redirectTo == "https://www.redirect.aasa.test/.well-known/apple-app-site-association")
    }

    @Test func gzipIsDecodedAndTheCapCountsDecodedBytes() async {
        let e = await fetch("gzlarge")
        #expect(e.httpStatus == 200)
        #expect(e.wireBytes < 20_000, "compressed on the wire")
        #expect(e.bytes > SizeLimits.aasa, "but more than 128 KiB decoded")
        let capped = await fetch("gzlarge", cap: 10_000)
        #expect(capped.truncated, "a decoded-size cap stops a compressed body early")
        #expect(capped.body.count <= 10_000 + 64 * 1024)
        #expect(capped.failure == nil && capped.sha256 == nil)
    }

    @Test(arguments: [
        ("expired", TLSProblem.expired), ("wronghost", .hostname), ("selfsigned", .selfSigned),
    ])
    func certificateFailuresNameTheReason(_ host: String, _ problem: TLSProblem) async throws {
        let e = await fetch(host)
        #expect(e.failure == .tls)
        #expect(e.httpStatus == nil)
        let tls = try #require(e.tls)
        #expect(!tls.verified && tls.problem == problem, "\(tls)")
        // Read anyway, without trusting it, for its names and dates.
        let look = await fetch(host, verify: false)
        #expect(look.httpStatus == 200)
        #expect(look.tls?.subject != nil)
        if problem == .expired { #expect((look.tls?.daysLeft ?? 0) < -365) }
    }

    /// Finished easy handles are reset and reused: nothing one request set may leak into the next.
    @Test func aReusedHandleCarriesNoOptionFromItsLastTransfer() async throws {
        let fetcher = CurlFetcher(
            configuration: FetcherConfiguration(connectTo: Self.server.connectTo, caCertificate: Self.server.caPath))
        defer { fetcher.shutdown() }
        #expect(await fetch("selfsigned", verify: false, fetcher: fetcher).httpStatus == 200)
        let verified = await fetch("selfsigned", inspect: false, fetcher: fetcher)
        #expect(verified.failure == .tls, "certificate checks are back on")
        #expect(await fetch("gzlarge", cap: 10_000, fetcher: fetcher).truncated)
        let whole = await fetch("gzlarge", inspect: false, fetcher: fetcher)
        #expect(!whole.truncated && whole.bytes > SizeLimits.aasa && whole.failure == nil, "no size cap left behind")
        #expect(await fetch("uablock", agent: UserAgents.browser, fetcher: fetcher).httpStatus == 200)
        #expect(await fetch("uablock", agent: UserAgents.apple, fetcher: fetcher).httpStatus == 403)
        let inspected = await fetch("good", fetcher: fetcher)
        #expect(inspected.tls?.subject?.contains("CN=*.aasa.test") == true, "certificate details on a reused handle")
    }

    @Test func anExpiringCertificateReportsDaysLeft() async {
        let e = await fetch("expiring")
        #expect(e.tls?.verified == true)
        #expect(e.tls?.daysLeft == 5)
    }

    @Test func oldTLSOnlyFailsTheHandshake() async {
        let e = await fetch("tls11")
        #expect(e.failure == .tls)
        #expect(e.tls?.problem == .handshake || e.tls?.problem == .protocolVersion)
    }

    @Test func refusedAndSilentServersFailWithinTheTimeout() async {
        let refused = await fetch("refused")
        #expect(refused.failure == .connect)
        let slow = await fetch("slow")
        #expect(slow.failure == .timeout)
        // libcurl's own clock: the test pool's scheduling (blocked by end-to-end tests) is not the fetcher's time.
        let total = slow.timingsMs.total ?? .infinity
        #expect(total >= 2_900 && total < 5_000, "the 3 s timeout bounds a server that never answers: \(total) ms")
    }

    @Test func aConnectionResetMidBodyIsAFailureNotAShortFile() async {
        let e = await fetch("reset")
        #expect(e.failure == .protocolError)
        #expect(e.httpStatus == 200)
        #expect(!e.truncated)
    }

    @Test func theUserAgentIsSentAsGiven() async {
        #expect(await fetch("uablock", agent: UserAgents.apple).httpStatus == 403)
        #expect(await fetch("uablock", agent: UserAgents.browser).httpStatus == 200)
    }

    /// Timed on plain threads through the callback API, so the time measured is the fetcher's: the end-to-end
    /// tests block the test pool's threads while their process runs, and a pooled timer once read 9.8 s here.
    @Test func cancellationEndsAFetchQuickly() throws {
        let finished = DispatchSemaphore(value: 0)
        let answer = Locked<(Exchange, Date)?>(nil)
        let request = FetchRequest(
            url: DomainProbe.url("slow.aasa.test", .wellKnown), location: .wellKnown, policy: .aasaFile())
        let handle = Self.fetcher.start(request) { exchange in
            answer.withLock { $0 = (exchange, Date()) }
            finished.signal()
        }
        Thread.sleep(forTimeInterval: 0.3)  // the server answers after 30 s, the fetcher gives up after 3
        let cancelled = Date()
        handle.cancel()
        #expect(finished.wait(timeout: .now() + 10) == .success)
        let (exchange, at) = try #require(answer.withLock { $0 })
        #expect(exchange.failure == .cancelled)
        #expect(at.timeIntervalSince(cancelled) < Timing.bound(1.5))
    }

    @Test func cancellingTheTaskCancelsItsFetch() async {
        let task = Task { await fetch("slow", inspect: false) }
        task.cancel()  // before or after the request reaches the loop: either way the answer is "cancelled"
        #expect(await task.value.failure == .cancelled)
    }

    @Test func manyConcurrentFetchesAllComplete() async {
        let results = await withTaskGroup(of: Int?.self) { group in
            for i in 0..<60 {
                group.addTask { await fetch(i % 2 == 0 ? "good" : "textplain", inspect: false).httpStatus }
            }
            var statuses: [Int?] = []
            for await status in group { statuses.append(status) }
            return statuses
        }
        #expect(results.count == 60 && results.allSatisfy { $0 == 200 })
    }

    @Test func connectToWithEmptyHostAndPortMatchesAnyName() async {
        let fetcher = CurlFetcher(
            configuration: FetcherConfiguration(
                connectTo: ["::127.0.0.1:\(Self.server.port)"], caCertificate: Self.server.caPath, timeout: 3))
        defer { fetcher.shutdown() }
        let e = await fetch("good", fetcher: fetcher)
        #expect(e.httpStatus == 200)
    }

    @Test func withoutTheTestCAThePeerIsUntrusted() async {
        let fetcher = CurlFetcher(configuration: FetcherConfiguration(connectTo: Self.server.connectTo, timeout: 3))
        defer { fetcher.shutdown() }
        let e = await fetch("good", fetcher: fetcher)
        #expect(e.failure == .tls && e.tls?.problem == .untrusted)
    }

    @Test func aShutDownFetcherAnswersCancelled() async {
        let fetcher = CurlFetcher(configuration: FetcherConfiguration(connectTo: Self.server.connectTo, timeout: 3))
        fetcher.shutdown()
        #expect(await fetch("good", fetcher: fetcher).failure == .cancelled)
    }
}

@Suite struct DomainParserTests {
    @Test(arguments: [
        ("example.com", "example.com"), ("  Example.COM. ", "example.com"),
        ("applinks:www.example.com", "www.example.com"),
        ("applinks:example.com?mode=developer", "example.com"), ("https://example.com/shop/1?x=1", "example.com"),
        ("http://example.com", "example.com"), ("*.example.com", "example.com"),
        ("webcredentials:login.example.com", "login.example.com"),
        ("bücher.de", "xn--bcher-kva.de"), ("münchen.de", "xn--mnchen-3ya.de"), ("例え.jp", "xn--r8jz45g.jp"),
        ("https://www.bücher.de/", "www.xn--bcher-kva.de"), ("xn--bcher-kva.de", "xn--bcher-kva.de"),
        // As browsers map names (UTS #46, nontransitional): libidn2's IDNA 2008 refuses a symbol and maps ß away.
        ("\u{2603}.example", "xn--n3h.example"), ("Fa\u{DF}.de", "xn--fa-hia.de"), ("ＥＸＡＭＰＬＥ．com", "example.com"),
    ])
    func acceptsWhatPeoplePaste(_ input: String, _ expected: String) throws {
        let target = try DomainParser.parse(input).get()
        #expect(target.domain == expected)
    }

    /// An input the fuzzer found leaking a libcurl buffer (Tests/Fuzz/corpus/url/regression-libcurl-get-leak).
    @Test func garbageHostsAreRejectedNotCrashed() throws {
        let data = try #require(Data(base64Encoded: "SEK8AAAAw2MAAAAAQrzDY2NoZSV6ZmZmZno="))
        let text = String(decoding: data, as: UTF8.self)
        guard case .failure = DomainParser.parse(text) else {
            Issue.record("accepted \(text)")
            return
        }
        #expect(DomainParser.punycode("caf\u{E9}\u{0}.de") == nil, "a NUL would cut the host short in C")
        guard case .failure(let error) = DomainParser.parse("caf\u{E9}.de\u{0}.evil.com") else {
            Issue.record("a host with a NUL was accepted")
            return
        }
        #expect(error.reason.contains("control characters"))
    }

    @Test func internationalNamesKeepBothForms() throws {
        let target = try DomainParser.parse("Bücher.de").get()
        #expect(target.domain == "xn--bcher-kva.de")
        #expect(target.unicode == "bücher.de")
        #expect(target.notes.contains { $0.contains("xn--bcher-kva.de") })
    }

    @Test func strippedPartsAreNoted() throws {
        let target = try DomainParser.parse("https://example.com/shop/1").get()
        #expect(target.notes.contains { $0.contains("/shop/1") })
        #expect(target.input == "https://example.com/shop/1")
        #expect(try DomainParser.parse("*.example.com").get().notes.contains { $0.contains("wildcard") })
    }

    /// Pasted URLs are split by URLAuthority; these pin the decisions and messages of the splitter it replaced.
    @Test(arguments: [
        ("ht tp://example.com", "only http and https URLs name a domain"),
        ("a:b://example.com", "only http and https URLs name a domain"),
        ("mailto:x://example.com", "only http and https URLs name a domain"),
        (
            "HTTP://u:p@Example.com:8443/x",
            "ports are not supported: Apple ignores associated domains with a port (8443); TN3155"
        ),
        ("https://example.com://x", "ports are not supported: Apple ignores associated domains with a port (); TN3155"),
        (
            "https://[::1]:443/",
            "an IP address cannot be an associated domain (Apple needs a host name with a certificate)"
        ),
        (
            "https://a@b@example.com:1:2/",
            "ports are not supported: Apple ignores associated domains with a port (2); TN3155"
        ),
        ("u@example.com", "\"u@example\" is not a valid host name label"),
    ])
    func urlEdgeCasesKeepTheirReasons(_ input: String, _ reason: String) {
        guard case .failure(let error) = DomainParser.parse(input) else {
            Issue.record("\(input) was accepted")
            return
        }
        #expect(error.reason == reason)
    }

    @Test func theUserInfoIsDroppedAndTheRestOfAURLNoted() throws {
        let target = try DomainParser.parse("HTTP://u@p@Example.com?x#y").get()
        #expect(target.domain == "example.com")
        #expect(
            target.notes == [
                "path ?x#y ignored: the file is always at /.well-known/",
                "audited over https: Apple fetches the file only over HTTPS",
            ])
        #expect(try DomainParser.parse("https://example.com/").get().notes.isEmpty, "a lone / is not a path")
    }

    @Test(arguments: [
        ("example.com:8443", "port"), ("https://example.com:8443/", "port"), ("example.com/shop", "path"),
        ("localhost", "two labels"), ("", "empty"), ("192.168.1.10", "IP address"), ("exa mple.com", "spaces"),
        ("ftp://example.com", "http and https"), ("a..b.com", "empty label"), ("-bad.com", "valid host name"),
    ])
    func rejectsWithAClearReason(_ input: String, _ words: String) {
        guard case .failure(let error) = DomainParser.parse(input) else {
            Issue.record("\(input) was accepted")
            return
        }
        #expect(error.reason.contains(words), "\(error.reason)")
    }
}
