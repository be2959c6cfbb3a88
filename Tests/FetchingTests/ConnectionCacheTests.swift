import AASA
import Fetching
import Foundation
import TestSupport
import Testing

/// libcurl's connection cache keeps a host's connection between its requests while many hosts are in flight.
@Suite struct ConnectionCacheTests {
    static let server = FixtureServer.shared

    @Test func eachOfManyHostsKeepsItsConnectionForItsNextRequest() async throws {
        // More hosts in flight than the fixed cache of 16 the fetcher had: it closed each host's connection as its
        // first transfer ended, so the second request paid a handshake of its own.
        let fetcher = CurlFetcher(
            configuration: FetcherConfiguration(
                connectTo: Self.server.connectTo, caCertificate: Self.server.caPath, timeout: 10))
        defer { fetcher.shutdown() }
        let hosts = (1...24).map { "good--cache\($0).aasa.test" }
        let firsts = await withTaskGroup(of: Exchange.self) { group in
            for host in hosts {
                group.addTask {
                    let first = await fetcher.fetch(
                        FetchRequest(
                            url: DomainProbe.url(host, .wellKnown), location: .wellKnown,
                            policy: .aasaFile(capturesTLS: true)))
                    _ = await fetcher.fetch(
                        FetchRequest(url: DomainProbe.url(host, .root), location: .root, policy: .aasaFile()))
                    return first
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(firsts.allSatisfy { $0.httpStatus == 200 && $0.httpVersion == "1.1" && $0.tls?.subject != nil })
        for host in hosts {
            let count = await Self.server.connections(of: host, via: fetcher)
            #expect(count == ConnectionCount(requests: 2, connections: 1), "\(host)")
        }
    }
}
