import AASA
import Audit
import Fetching
import Foundation
import TestSupport
import Testing

/// A domain costs one TLS handshake: the probes after the first ride on its connection, as the server counts them.
/// Run in Scripts/test's pass for *WallClockTests: beside the whole suite under AddressSanitizer the audit's tasks
/// waited long enough between probes for the fixture server to drop the idle connection (60 s), and a second one
/// was opened.
@Suite struct ConnectionReuseWallClockTests {
    static let server = FixtureServer.shared
    static let fetcher = CurlFetcher(
        configuration: FetcherConfiguration(connectTo: server.connectTo, caCertificate: server.caPath, timeout: 5))

    @Test func aDomainsFourProbesShareOneConnection() async throws {
        // The fixture speaks HTTP/1.1 only: the later probes must take turns on the first one's connection.
        let host = "good--oneconnection.aasa.test"
        let report = try #require(await DomainAuditor(fetcher: Self.fetcher).audit(host))
        #expect(report.verdict == .pass, "\(report.findings.map(\.id))")
        #expect(report.fetches.map(\.location) == [.wellKnown, .root, .wellKnown, .wellKnown])
        #expect(
            report.fetches.map(\.userAgent) == [
                UserAgents.apple, UserAgents.apple, UserAgents.browser, UserAgents.genericBot,
            ])
        #expect(report.fetches.allSatisfy { $0.httpVersion == nil }, "scheduling only, never in the report")
        let tls = try #require(report.fetches.first?.tls)
        #expect(tls.verified && tls.subject?.contains("CN=*.aasa.test") == true && tls.protocolVersion == "TLSv1.3")
        #expect(
            await Self.server.connections(of: host, via: Self.fetcher) == ConnectionCount(requests: 4, connections: 1))
    }

    @Test func developerModeReadsTheFileOnTheConnectionThatAcceptedTheCertificate() async throws {
        // The verified attempt fails its handshake (no request, so the server does not count it); the look that
        // accepts the certificate opens the one connection every later probe uses.
        let host = "selfsigned--oneconnection.aasa.test"
        let target = DomainTarget(
            domain: host, entries: [EntitlementEntry(raw: "applinks:\(host)?mode=developer", index: 0)])
        let report = try #require(await DomainAuditor(fetcher: Self.fetcher).audit(target))
        #expect(report.fetches.count == 4 && report.fetches.allSatisfy { $0.httpStatus == 200 })
        #expect(report.fetches.first?.tls?.problem == .selfSigned)
        #expect(
            await Self.server.connections(of: host, via: Self.fetcher) == ConnectionCount(requests: 4, connections: 1))
    }
}
