import AASA
import Audit
import Fetching
import Foundation
import TestSupport
import Testing

/// A resolver failure without sending a query anywhere: glibc refuses a label longer than 63 bytes locally.
@Suite struct ResolverFailureTests {
    @Test func anUnresolvableNameIsAFetchDNSFinding() async throws {
        let host = String(repeating: "a", count: 64) + ".aasa.test"
        let fetcher = CurlFetcher(configuration: FetcherConfiguration(timeout: 3))
        defer { fetcher.shutdown() }
        let report = try #require(await DomainAuditor(fetcher: fetcher).audit(host))
        #expect(report.fetches.first?.failure == .dns, "\(report.fetches.first?.error ?? "")")
        #expect(report.fetches.count == 1)
        #expect(report.findings.map(\.id) == ["fetch-dns"])
    }
}
