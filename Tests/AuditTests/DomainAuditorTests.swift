import AASA
import Audit
import Foundation
import Testing

/// Canned answers by request, recording what was asked; the real fetcher is exercised in IntegrationTests.
final class CannedFetcher: HTTPFetching {
    let answers: @Sendable (FetchRequest) -> Exchange
    private let requests = Locked<[FetchRequest]>([])

    init(_ answers: @escaping @Sendable (FetchRequest) -> Exchange) { self.answers = answers }

    /// What was asked, in order.
    var log: [FetchRequest] { requests.withLock { $0 } }

    func fetch(_ request: FetchRequest) async -> Exchange {
        requests.withLock { $0.append(request) }
        return answers(request)
    }
}

/// A prepared crawl result, recording which domains were crawled.
final class CannedCrawler: SiteCrawling {
    let result: CrawlResult
    private let domains = Locked<[String]>([])

    init(_ result: CrawlResult = CrawlResult()) { self.result = result }

    var crawled: [String] { domains.withLock { $0 } }

    func crawl(_ domain: String) async -> CrawlResult {
        domains.withLock { $0.append(domain) }
        return result
    }
}

func canned(
    _ r: FetchRequest, status: Int? = 200, body: String = ExampleProbe.body, failure: FetchFailure? = nil,
    tls: TLSFacts? = nil
)
    -> Exchange
{
    Exchange(
        location: r.location, url: r.url, userAgent: r.policy.userAgent, httpStatus: failure == nil ? status : nil,
        contentType: "application/json", bytes: body.utf8.count, failure: failure, tls: tls,
        body: failure == nil ? Array(body.utf8) : [])
}

@Suite struct DomainAuditorTests {
    @Test func aHealthyDomainIsProbedAtBothLocationsWithThreeAgentsAndPasses() async throws {
        let fetcher = CannedFetcher { canned($0) }
        let report = try #require(await DomainAuditor(fetcher: fetcher).audit("example.com"))
        #expect(report.verdict == .pass && report.findings.isEmpty)
        let asked = fetcher.log
        #expect(asked.count == 4)
        #expect(
            asked[0].policy.capturesTLS && asked[0].policy.userAgent == UserAgents.apple
                && asked[0].location == .wellKnown)
        #expect(Set(asked.map(\.policy.userAgent)) == [UserAgents.apple, UserAgents.browser, UserAgents.genericBot])
        #expect(asked.allSatisfy { $0.policy.maxBytes == SizeLimits.aasa && $0.policy.verifiesPeer })
        #expect(report.apps.map(\.appID) == ["9JA89QQLNQ.com.acme.shop"])
    }

    @Test func anUnreachableHostIsNotProbedAgain() async throws {
        let fetcher = CannedFetcher { canned($0, failure: .connect) }
        let report = try #require(await DomainAuditor(fetcher: fetcher).audit("example.com"))
        #expect(fetcher.log.count == 1)
        #expect(report.findings.map(\.id) == ["fetch-connect"])
        #expect(report.verdict == .fail)
    }

    @Test func aRejectedCertificateIsReadWithoutTrustForItsDates() async throws {
        let fetcher = CannedFetcher { r in
            r.policy.verifiesPeer
                ? canned(
                    r, failure: .tls,
                    tls: TLSFacts(verified: false, problem: .expired, error: "certificate has expired"))
                : canned(
                    r,
                    tls: TLSFacts(protocolVersion: "TLSv1.3", verified: false, subject: "CN=example.com", daysLeft: -10)
                )
        }
        let report = try #require(await DomainAuditor(fetcher: fetcher).audit("example.com"))
        let tls = try #require(report.fetches.first?.tls)
        #expect(tls.problem == .expired && !tls.verified, "the verdict comes from the verified attempt")
        #expect(tls.daysLeft == -10 && tls.subject == "CN=example.com")
        #expect(report.findings.map(\.id) == ["tls-expired"])
        #expect(report.findings[0].message.contains("10 day(s) ago"))
    }

    @Test func theUserAgentOptionReplacesOnlyTheFirstProbe() async throws {
        let fetcher = CannedFetcher { canned($0) }
        _ = await DomainAuditor(fetcher: fetcher, userAgent: "Custom/1").audit("example.com")
        let agents = fetcher.log.map(\.policy.userAgent)
        #expect(agents.first == "Custom/1" && agents.contains(UserAgents.browser))
    }

    @Test func aCancelledDomainIsNotReported() async {
        let fetcher = CannedFetcher { canned($0, failure: .cancelled) }
        #expect(await DomainAuditor(fetcher: fetcher).audit("example.com") == nil)
    }

    /// Counts transfers in flight to check the runner's bound; answers in `httpVersion` (HTTP/2 by default).
    final class Gauge: HTTPFetching {
        let state = Locked((now: 0, peak: 0))
        let httpVersion: String
        let delay: Duration

        init(httpVersion: String = "2", delay: Duration = .milliseconds(5)) {
            self.httpVersion = httpVersion
            self.delay = delay
        }

        func fetch(_ r: FetchRequest) async -> Exchange {
            state.withLock {
                $0.now += 1
                $0.peak = max($0.peak, $0.now)
            }
            try? await Task.sleep(for: delay)
            state.withLock { $0.now -= 1 }
            var answer = canned(r)
            answer.httpVersion = httpVersion
            return answer
        }
    }

    @Test(arguments: [("2", 3), ("1.1", 1), ("1.0", 1)])
    func theLaterProbesRunAtOnceOnlyOverAConnectionThatMultiplexes(version: String, peak: Int) async throws {
        // One connection per domain: HTTP/2 carries the three later probes at once, HTTP/1.x one at a time (libcurl
        // would open a connection for each probe that found the first one busy).
        let gauge = Gauge(httpVersion: version, delay: .milliseconds(250))
        let report = try #require(await DomainAuditor(fetcher: gauge).audit("example.com"))
        #expect(
            report.fetches.map(\.userAgent) == [
                UserAgents.apple, UserAgents.apple, UserAgents.browser, UserAgents.genericBot,
            ])
        #expect(gauge.state.withLock { $0.peak } == peak)
    }

    @Test func theRunnerKeepsInputOrderAndNeverExceedsItsConcurrency() async {
        let gauge = Gauge()
        let targets = (0..<40).map { DomainTarget(domain: "d\($0).example.com") }
        let (reports, unfinished) = await AuditRunner(auditor: DomainAuditor(fetcher: gauge), concurrency: 5).run(
            targets)
        #expect(reports.map(\.domain) == targets.map(\.domain))
        #expect(unfinished.isEmpty)
        let peak = gauge.state.withLock { $0.peak }
        // Each domain runs up to three probes at once after the first (over HTTP/2).
        #expect(peak > 5 && peak <= 15, "peak \(peak)")
    }

    @Test func aCancelledRunReportsWhatFinishedAndNamesTheRest() async {
        let gauge = Gauge()
        let targets = (0..<200).map { DomainTarget(domain: "d\($0).example.com") }
        let task = Task { await AuditRunner(auditor: DomainAuditor(fetcher: gauge), concurrency: 4).run(targets) }
        try? await Task.sleep(for: .milliseconds(60))
        task.cancel()
        let (reports, unfinished) = await task.value
        #expect(reports.count + unfinished.count == 200)
        #expect(!unfinished.isEmpty)
    }

    @Test func verdictsFollowTheWorstSeverity() {
        func finding(_ s: Severity) -> Finding {
            Finding(id: "x", severity: s, message: "m", location: FindingLocation(), why: "w", hint: "h")
        }
        #expect(DomainReport.verdict([]) == .pass)
        #expect(DomainReport.verdict([finding(.info)]) == .pass)
        #expect(DomainReport.verdict([finding(.info), finding(.warning)]) == .warn)
        #expect(DomainReport.verdict([finding(.warning), finding(.error)]) == .fail)
    }

    @Test func reportsRoundTripThroughJSON() async throws {
        let fetcher = CannedFetcher { canned($0) }
        let report = try #require(await DomainAuditor(fetcher: fetcher).audit("example.com"))
        let run = AuditReport(
            version: "t", startedAt: Date(), finishedAt: Date(), interrupted: false, notAudited: [], domains: [report])
        let decoded = try AuditReport.decode(try run.json())
        #expect(decoded.domains.first?.domain == "example.com")
        #expect(decoded.domains.first?.fetches.count == 4)
        #expect(try run.json() == (try decoded.json()), "deterministic output")
    }
}

/// The auditor's decisions (which probes follow which answers, what the report keeps), on canned exchanges.
@Suite struct DomainAuditorDecisionTests {
    static let developer = DomainTarget(
        domain: "example.com", entries: [EntitlementEntry(raw: "applinks:example.com?mode=developer", index: 0)])
    static let release = DomainTarget(
        domain: "example.com", entries: [EntitlementEntry(raw: "applinks:example.com", index: 0)])

    /// Verification fails with `problem`; the same request without verification gets the file.
    static func certificateFails(_ problem: TLSProblem) -> CannedFetcher {
        CannedFetcher { r in
            r.policy.verifiesPeer
                ? canned(r, failure: .tls, tls: TLSFacts(verified: false, problem: problem, error: "rejected"))
                : canned(
                    r,
                    tls: TLSFacts(
                        protocolVersion: "TLSv1.3", verified: false, subject: "CN=example.com", issuer: "CN=Self",
                        daysLeft: 90))
        }
    }

    @Test(arguments: [FetchFailure.dns, .connect, .timeout])
    func anUnreachableHostGetsNoFurtherProbesButTheCDNIsStillAsked(_ failure: FetchFailure) async throws {
        let fetcher = CannedFetcher { r in r.location == .cdn ? canned(r) : canned(r, failure: failure) }
        let crawler = CannedCrawler()
        let auditor = DomainAuditor(fetcher: fetcher, cdnBase: "https://cdn.test/a/v1/", crawler: crawler)
        let report = try #require(await auditor.audit("example.com"))
        #expect(fetcher.log.map(\.location).sorted { $0.rawValue < $1.rawValue } == [.cdn, .wellKnown])
        #expect(report.fetches.map(\.location) == [.wellKnown, .cdn])
        #expect(report.findings.map(\.id).contains("fetch-\(failure.rawValue)"))
        #expect(crawler.crawled.isEmpty && report.crawl == nil, "no crawl of a host that cannot be reached")
    }

    @Test func aFailedVerificationIsFollowedByOneUnverifiedLookWhoseNamesAndDatesAreKept() async throws {
        let fetcher = Self.certificateFails(.untrusted)
        let crawler = CannedCrawler()
        let report = try #require(await DomainAuditor(fetcher: fetcher, crawler: crawler).audit(Self.release))
        let asked = fetcher.log
        #expect(asked.count == 2, "no root, browser or bot probe of a site whose certificate is rejected")
        #expect(asked[0].policy.capturesTLS && asked[0].policy.verifiesPeer)
        #expect(asked[1].policy.capturesTLS && !asked[1].policy.verifiesPeer && asked[1].location == .wellKnown)
        #expect(asked[1].policy.userAgent == UserAgents.apple)
        #expect(report.fetches.count == 1)
        let kept = try #require(report.fetches.first)
        #expect(kept.failure == .tls && kept.httpStatus == nil, "the verdict is the verified attempt's")
        let tls = try #require(kept.tls)
        #expect(tls.problem == .untrusted && !tls.verified && tls.error == "rejected")
        #expect(tls.subject == "CN=example.com" && tls.issuer == "CN=Self" && tls.daysLeft == 90)
        #expect(tls.protocolVersion == "TLSv1.3", "taken from the look when the failed attempt had none")
        #expect(report.findings.first { $0.id == "tls-untrusted" }?.severity == .error)
        #expect(report.apps.isEmpty && report.file == nil)
        #expect(crawler.crawled.isEmpty)
    }

    @Test(arguments: [TLSProblem.handshake, .protocolVersion])
    func aFailedHandshakeIsNotLookedAtAgain(_ problem: TLSProblem) async throws {
        let fetcher = Self.certificateFails(problem)
        let report = try #require(await DomainAuditor(fetcher: fetcher).audit("example.com"))
        #expect(fetcher.log.count == 1)
        #expect(report.fetches.first?.tls?.subject == nil)
    }

    @Test(arguments: [TLSProblem.selfSigned, .untrusted])
    func developerModeAcceptsAnUntrustedCertificateAndAuditsTheFileBehindIt(_ problem: TLSProblem) async throws {
        let fetcher = Self.certificateFails(problem)
        let crawler = CannedCrawler()
        let report = try #require(await DomainAuditor(fetcher: fetcher, crawler: crawler).audit(Self.developer))
        let asked = fetcher.log
        #expect(asked.count == 5)
        #expect(asked.dropFirst().allSatisfy { !$0.policy.verifiesPeer }, "every later probe accepts it too")
        #expect(Set(asked.dropFirst(2).map(\.location)) == [.root, .wellKnown])
        let wellKnown = try #require(report.fetches.first)
        #expect(wellKnown.httpStatus == 200 && wellKnown.failure == nil, "the file a development device reads")
        #expect(wellKnown.tls?.problem == problem && wellKnown.tls?.verified == false)
        #expect(report.apps.map(\.appID) == ["9JA89QQLNQ.com.acme.shop"])
        #expect(report.file != nil)
        #expect(report.findings.first { $0.id == "tls-untrusted" }?.severity == .warning)
        #expect(report.notes.contains { $0.hasPrefix("developer mode:") })
        #expect(crawler.crawled == ["example.com"], "an accepted certificate lets the crawl run")
    }

    @Test func developerModeDoesNotAcceptAnExpiredCertificate() async throws {
        let fetcher = Self.certificateFails(.expired)
        let crawler = CannedCrawler()
        let report = try #require(await DomainAuditor(fetcher: fetcher, crawler: crawler).audit(Self.developer))
        #expect(fetcher.log.count == 2)
        #expect(report.fetches.first?.failure == .tls && report.apps.isEmpty)
        #expect(!report.notes.contains { $0.hasPrefix("developer mode:") })
        #expect(crawler.crawled.isEmpty)
    }

    @Test func theBrowserAndBotProbesAskTheWellKnownFileWithTheirOwnAgents() async throws {
        let fetcher = CannedFetcher { r in
            r.policy.userAgent == UserAgents.genericBot ? canned(r, status: 403, body: "denied") : canned(r)
        }
        let report = try #require(await DomainAuditor(fetcher: fetcher).audit("example.com"))
        let probes = fetcher.log.dropFirst().filter { $0.location == .wellKnown }
        #expect(Set(probes.map(\.policy.userAgent)) == [UserAgents.browser, UserAgents.genericBot])
        #expect(probes.allSatisfy { !$0.policy.capturesTLS && $0.policy.verifiesPeer })
        #expect(
            report.fetches.map(\.userAgent) == [
                UserAgents.apple, UserAgents.apple, UserAgents.browser, UserAgents.genericBot,
            ])
        #expect(report.findings.map(\.id).contains("user-agent-blocked"))
    }

    @Test func aProbeWithTheFirstProbesAgentIsNotReportedTwice() async throws {
        let fetcher = CannedFetcher { canned($0) }
        let report = try #require(
            await DomainAuditor(fetcher: fetcher, userAgent: UserAgents.browser).audit("example.com"))
        #expect(fetcher.log.count == 4)
        #expect(report.fetches.map(\.userAgent) == [UserAgents.browser, UserAgents.browser, UserAgents.genericBot])
    }

    @Test func theCDNCopyIsFetchedFromTheGivenBaseWithTheFirstProbesAgent() async throws {
        let fetcher = CannedFetcher { canned($0) }
        let auditor = DomainAuditor(fetcher: fetcher, userAgent: "Custom/1", cdnBase: "https://cdn.test/a/v1/")
        let report = try #require(await auditor.audit("example.com"))
        let cdn = try #require(fetcher.log.first { $0.location == .cdn })
        #expect(cdn.url == "https://cdn.test/a/v1/example.com")
        #expect(cdn.policy == .aasaFile(userAgent: "Custom/1"))
        #expect(report.fetches.last?.location == .cdn && report.fetches.count == 5)
    }

    @Test func withoutACDNBaseTheCDNIsNotAsked() async throws {
        let fetcher = CannedFetcher { canned($0) }
        let report = try #require(await DomainAuditor(fetcher: fetcher, cdnBase: nil).audit("example.com"))
        #expect(!fetcher.log.contains { $0.location == .cdn })
        #expect(!report.fetches.contains { $0.location == .cdn })
    }

    @Test func everyProbeUsesApplesPolicyForTheFile() async throws {
        let fetcher = CannedFetcher { canned($0) }
        _ = await DomainAuditor(fetcher: fetcher, cdnBase: DomainAuditor.appleCDN).audit("example.com")
        let asked = fetcher.log
        #expect(asked.count == 5)
        for request in asked {
            var expected = FetchPolicy.aasaFile(userAgent: request.policy.userAgent)
            expected.capturesTLS = request.location == .wellKnown && request.policy.userAgent == UserAgents.apple
            #expect(request.policy == expected, "\(request.location) \(request.policy.userAgent)")
        }
    }

    @Test func theCrawlRunsWhenTheFileWasFetchedAndItsSummaryIsReported() async throws {
        var result = CrawlResult()
        result.pagesFetched = 3
        result.stoppedBecause = .maxPages(3)
        result.robotsDisallowed = 2
        result.urls.append(
            url: "https://example.com/shop/1", foundOn: "https://example.com/", httpStatus: 200, note: nil)
        let crawler = CannedCrawler(result)
        let fetcher = CannedFetcher { canned($0) }
        let report = try #require(await DomainAuditor(fetcher: fetcher, crawler: crawler).audit("example.com"))
        #expect(crawler.crawled == ["example.com"])
        let summary = try #require(report.crawl)
        #expect(summary.pagesFetched == 3 && summary.urlsDiscovered == 1 && summary.stoppedBecause == "max-pages (3)")
        #expect(summary.robotsDisallowed == 2)
        #expect(report.urls.map(\.opensApp) == ["9JA89QQLNQ.com.acme.shop"], "judged by the file just fetched")
    }

    @Test func aFileThatIsNotFoundStillLetsTheCrawlRun() async throws {
        let crawler = CannedCrawler()
        let fetcher = CannedFetcher { canned($0, status: 404, body: "missing") }
        let report = try #require(await DomainAuditor(fetcher: fetcher, crawler: crawler).audit("example.com"))
        #expect(crawler.crawled == ["example.com"], "the site answered, so its pages can be read")
        #expect(report.crawl != nil)
    }

    @Test func withoutACrawlerNothingIsCrawled() async throws {
        let fetcher = CannedFetcher { canned($0) }
        let report = try #require(await DomainAuditor(fetcher: fetcher).audit("example.com"))
        #expect(report.crawl == nil && report.urls.isEmpty)
    }

    @Test(arguments: [FetchLocation.root, .cdn])
    func aProbeCancelledLaterStillDropsTheWholeDomain(_ location: FetchLocation) async {
        let fetcher = CannedFetcher { r in r.location == location ? canned(r, failure: .cancelled) : canned(r) }
        let auditor = DomainAuditor(fetcher: fetcher, cdnBase: "https://cdn.test/a/v1/")
        #expect(await auditor.audit("example.com") == nil)
    }

    @Test func aCancelledBrowserProbeDropsTheWholeDomain() async {
        let fetcher = CannedFetcher { r in
            r.policy.userAgent == UserAgents.browser ? canned(r, failure: .cancelled) : canned(r)
        }
        #expect(await DomainAuditor(fetcher: fetcher).audit("example.com") == nil)
    }

    @Test func aLookCancelledAfterAFailedVerificationDropsTheWholeDomain() async {
        let fetcher = CannedFetcher { r in
            r.policy.verifiesPeer
                ? canned(r, failure: .tls, tls: TLSFacts(verified: false, problem: .untrusted))
                : canned(r, failure: .cancelled)
        }
        #expect(await DomainAuditor(fetcher: fetcher).audit(Self.developer) == nil)
    }

    @Test func fetchedBodiesAreDroppedFromTheReportButTheFilesTextIsKept() async throws {
        let fetcher = CannedFetcher { r in canned(r) }
        let report = try #require(
            await DomainAuditor(fetcher: fetcher, cdnBase: "https://cdn.test/a/v1/").audit("example.com"))
        #expect(report.fetches.count == 5)
        #expect(report.fetches.allSatisfy { $0.body.isEmpty })
        #expect(report.fetches.allSatisfy { $0.bytes == ExampleProbe.body.utf8.count }, "the size is still reported")
        #expect(report.file == ExampleProbe.body)
    }
}
