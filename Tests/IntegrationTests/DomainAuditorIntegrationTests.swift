import AASA
import Audit
import Fetching
import Foundation
import TestSupport
import Testing

/// The auditor on the real libcurl fetcher against the fixture HTTPS server: the unit tests' canned exchanges
/// stand for what these fetches really return.
@Suite struct DomainAuditorIntegrationTests {
    static let server = FixtureServer.shared
    // Generous: every fetch here is meant to answer; beside the whole suite on a slow runner the shared fixture server
    // can take seconds (a 3 s limit failed the good domain's CDN probe on a loaded machine).
    static let fetcher = CurlFetcher(
        configuration: FetcherConfiguration(connectTo: server.connectTo, caCertificate: server.caPath, timeout: 20))
    static let auditor = DomainAuditor(fetcher: fetcher, cdnBase: "https://cdn.aasa.test/a/v1/")

    @Test func aGoodDomainIsProbedEverywhereAndPasses() async throws {
        let report = try #require(await Self.auditor.audit("good.aasa.test"))
        #expect(report.verdict == .pass, "\(report.findings.map(\.id))")
        #expect(report.fetches.map(\.location) == [.wellKnown, .root, .wellKnown, .wellKnown, .cdn])
        #expect(report.fetches.allSatisfy { $0.httpStatus == 200 && $0.body.isEmpty })
        #expect(report.fetches.first?.tls?.subject?.contains("CN=*.aasa.test") == true)
        #expect(report.fetches.first?.sha256 != nil && !report.apps.isEmpty && report.file != nil)
    }

    @Test func anExpiredCertificateIsJudgedVerifiedAndDescribedUnverified() async throws {
        let report = try #require(await Self.auditor.audit("expired.aasa.test"))
        let tls = try #require(report.fetches.first?.tls)
        #expect(tls.problem == .expired && !tls.verified)
        #expect((tls.daysLeft ?? 0) < -365 && tls.subject != nil, "dates read through the unverified look")
        #expect(report.fetches.map(\.location) == [.wellKnown, .cdn])
        #expect(report.findings.map(\.id).contains("tls-expired"))
    }

    @Test func developerModeAuditsTheFileBehindASelfSignedCertificate() async throws {
        let target = DomainTarget(
            domain: "selfsigned.aasa.test",
            entries: [EntitlementEntry(raw: "applinks:selfsigned.aasa.test?mode=developer", index: 0)])
        let report = try #require(await Self.auditor.audit(target))
        let wellKnown = try #require(report.fetches.first)
        #expect(wellKnown.httpStatus == 200 && wellKnown.tls?.problem == .selfSigned)
        #expect(report.fetches.count == 5 && !report.apps.isEmpty)
        #expect(report.findings.first { $0.id == "tls-untrusted" }?.severity == .warning)
    }
}

/// A resolver failure without sending a query anywhere: glibc refuses a label longer than 63 bytes locally.
@Suite struct ResolverFailureTests {
    @Test func anUnresolvableNameIsAFetchDNSFinding() async throws {
        let host = String(repeating: "a", count: 64) + ".aasa.test"
        // No fetch leaves the machine (the name is refused locally): the limit only needs room for a loaded machine.
        let fetcher = CurlFetcher(configuration: FetcherConfiguration(timeout: 20))
        defer { fetcher.shutdown() }
        let report = try #require(await DomainAuditor(fetcher: fetcher).audit(host))
        #expect(report.fetches.first?.failure == .dns, "\(report.fetches.first?.error ?? "")")
        #expect(report.fetches.count == 1)
        #expect(report.findings.map(\.id) == ["fetch-dns"])
    }
}

/// `ResolverFailureTests`' hang check, in the wall-clock pass (Scripts/lib.sh `run_tests`).
@Suite struct AddHandleFailureWallClockTests {
    /// A fetch libcurl would not take (a refused curl_multi_add_handle) is a failed fetch and a finding; before, the
    /// audit waited on it forever. The test awaits the audit or a 120 s timer, whichever comes first, without blocking
    /// a thread of the test pool. Alone it takes well under a second; beside the whole suite its audit's tasks waited
    /// their turn for 44 s (debug), 99 s (AddressSanitizer) and over 120 s (ThreadSanitizer), so it runs in the
    /// wall-clock pass, where the deadline only catches a hang.
    @Test func aFetchLibcurlRefusesIsAFindingNotAHang() async throws {
        var configuration = FetcherConfiguration(
            connectTo: DomainAuditorIntegrationTests.server.connectTo,
            caCertificate: DomainAuditorIntegrationTests.server.caPath, timeout: 3)
        configuration.testFaults.failsAddingHandles = true
        let fetcher = CurlFetcher(configuration: configuration)
        defer { fetcher.shutdown() }
        let auditor = DomainAuditor(fetcher: fetcher, cdnBase: "https://cdn.aasa.test/a/v1/")
        let answered = Locked(false)
        let outcome: DomainReport?? = await withCheckedContinuation { continuation in
            @Sendable func answer(_ value: DomainReport??) {
                if answered.withLock({ done in
                    defer { done = true }; return !done
                }) {
                    continuation.resume(returning: value)
                }
            }
            Task { answer(.some(await auditor.audit("good.aasa.test"))) }
            DispatchQueue.global().asyncAfter(deadline: .now() + 120) { answer(.none) }
        }
        let finished = try #require(outcome, "the audit never finished")
        let report = try #require(finished)
        #expect(report.verdict == .fail)
        #expect(report.findings.map(\.id).contains("fetch-connect"), "\(report.findings.map(\.id))")
        #expect(report.fetches.first?.error?.contains("curl_multi_add_handle") == true)
    }
}
