import AASA
import Audit
import Foundation
import Testing

/// Canned answers by URL and user agent, recording what was asked; the real fetcher has its own integration tests.
final class CannedFetcher: HTTPFetching, @unchecked Sendable {
    let answers: @Sendable (FetchRequest) -> Exchange
    private var requests: [FetchRequest] = []
    private let lock = NSLock()

    init(_ answers: @escaping @Sendable (FetchRequest) -> Exchange) { self.answers = answers }

    /// What was asked, in order. (An NSLock, not a Synchronization.Mutex: a Mutex holding requests, which now
    /// carry a closure, crashed this test with a bad pointer dereference under Swift 6.3.1.)
    var log: [FetchRequest] {
        lock.lock()
        defer { lock.unlock() }
        return requests
    }

    func fetch(_ request: FetchRequest) async -> Exchange {
        record(request)
        return answers(request)
    }

    private func record(_ request: FetchRequest) {
        lock.lock()
        defer { lock.unlock() }
        requests.append(request)
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

    /// Counts transfers in flight to check the runner's bound.
    final class Gauge: HTTPFetching {
        let state = Locked((now: 0, peak: 0))

        func fetch(_ r: FetchRequest) async -> Exchange {
            state.withLock {
                $0.now += 1
                $0.peak = max($0.peak, $0.now)
            }
            try? await Task.sleep(for: .milliseconds(5))
            state.withLock { $0.now -= 1 }
            return canned(r)
        }
    }

    @Test func theRunnerKeepsInputOrderAndNeverExceedsItsConcurrency() async {
        let gauge = Gauge()
        let targets = (0..<40).map { DomainTarget(domain: "d\($0).example.com") }
        let (reports, unfinished) = await AuditRunner(auditor: DomainAuditor(fetcher: gauge), concurrency: 5).run(
            targets)
        #expect(reports.map(\.domain) == targets.map(\.domain))
        #expect(unfinished.isEmpty)
        let peak = gauge.state.withLock { $0.peak }
        // Each domain runs up to three probes at once after the first.
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
