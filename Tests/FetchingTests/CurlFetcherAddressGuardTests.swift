import AASA
import Fetching
import Foundation
import TestSupport
import Testing

/// The address guard with the real libcurl against the fixture: a guarded fetch of a name that is this machine is
/// refused before any request (the fixture's request count proves none arrived), libcurl connects only to the
/// addresses the screen pinned, and the open-socket check refuses a blocked one even when the pin carries it.
@Suite struct CurlFetcherAddressGuardTests {
    static let server = FixtureServer.shared
    /// Asks the fixture for its counts, through the fixture's own mappings.
    static let counter = CurlFetcher(
        configuration: FetcherConfiguration(connectTo: server.connectTo, caCertificate: server.caPath, timeout: 20))

    func request(_ url: String, guarded: Bool) -> FetchRequest {
        var policy = FetchPolicy.crawlFile(userAgent: "aasa-audit tests", maxBytes: 1024)
        policy.guardsAddresses = guarded
        return FetchRequest(url: url, location: .page, policy: policy)
    }

    /// Requests the fixture answered with this Host so far (its plain-HTTP listener counts names it does not serve).
    func requests(_ host: String) async throws -> Int {
        try #require(await Self.server.connections(of: host, via: Self.counter)).requests
    }

    var plainPort: Int { Self.server.plainHTTPPort }

    @Test func aGuardedFetchOfALocalhostNameIsRefusedBeforeAnyRequestWhileAnUnguardedOneReachesTheFixture()
        async throws
    {
        let fetcher = CurlFetcher(configuration: FetcherConfiguration(timeout: 20))
        defer { fetcher.shutdown() }
        // A name of this test's own under .localhost, which libcurl resolves to loopback by itself: the count is
        // this test's alone (the end-to-end tests count plain "localhost").
        let host = "fetcher-probe.localhost"
        let url = "http://\(host):\(plainPort)/guard-probe"
        let before = try await requests(host)
        let refused = await fetcher.fetch(request(url, guarded: true))
        #expect(refused.failure == .refused && refused.httpStatus == nil, "\(refused)")
        #expect(
            refused.error
                == "\(host) is a loopback name (this machine); only hosts you name may resolve to such addresses")
        #expect(try await requests(host) == before, "the refused fetch reached the fixture")
        // The same URL unguarded (a host the user named) reaches the fixture: the count above could have moved.
        let named = await fetcher.fetch(request(url, guarded: false))
        #expect(named.httpStatus == 301, "\(named)")
        #expect(try await requests(host) == before + 1)
    }

    @Test func aGuardedFetchOfThisMachinesHostNameIsRefusedByTheAddressItResolvesTo() async throws {
        let fetcher = CurlFetcher(configuration: FetcherConfiguration(timeout: 20))
        defer { fetcher.shutdown() }
        var buffer = [CChar](repeating: 0, count: 256)
        try #require(gethostname(&buffer, buffer.count) == 0)
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
        var list: UnsafeMutablePointer<addrinfo>?
        let resolves = getaddrinfo(name, nil, nil, &list) == 0
        freeaddrinfo(list)
        let before = try await requests(name)
        let answer = await fetcher.fetch(request("http://\(name):\(plainPort)/guard-self", guarded: true))
        if resolves {
            // Whatever it resolves to is this machine's: loopback here (/etc/hosts), an interface address elsewhere.
            #expect(answer.failure == .refused, "\(answer)")
            #expect(answer.error?.hasPrefix("\(name) resolves to ") == true, "\(answer.error ?? "")")
        } else {
            #expect(answer.failure == .dns, "\(answer)")
        }
        #expect(try await requests(name) == before)
    }

    @Test(arguments: [("rebound.example", "127.0.0.1", "127.0.0.1"), ("rebound6.example", "[::1]", "::1")])
    func theOpenSocketCheckRefusesABlockedAddressThePinCarried(
        _ host: String, _ pinned: String, _ shown: String
    )
        async throws
    {
        // The name resolves nowhere: a connection attempt proves libcurl took the pinned address, and the refusal
        // proves the open-socket check judged it at connect time.
        var configuration = FetcherConfiguration(timeout: 20)
        configuration.testFaults.answersAfterCheck = [host: [pinned]]
        let fetcher = CurlFetcher(configuration: configuration)
        defer { fetcher.shutdown() }
        let before = try await requests(host)
        let answer = await fetcher.fetch(request("http://\(host):\(plainPort)/rebound", guarded: true))
        #expect(answer.failure == .refused && answer.httpStatus == nil, "\(answer)")
        #expect(
            answer.error
                == "\(host) resolves to \(shown), a loopback address (this machine); only hosts you name may resolve to such addresses"
        )
        #expect(try await requests(host) == before)
    }

    @Test func aHostAConnectToMappingCoversIsTheUsersAndIsFetchedGuardedOrNot() async throws {
        let host = "covered.example"
        let fetcher = CurlFetcher(
            configuration: FetcherConfiguration(connectTo: ["\(host):\(plainPort):127.0.0.1:\(plainPort)"], timeout: 20)
        )
        defer { fetcher.shutdown() }
        let before = try await requests(host)
        let answer = await fetcher.fetch(request("http://\(host):\(plainPort)/covered", guarded: true))
        #expect(answer.httpStatus == 301 && answer.failure == nil, "\(answer)")
        #expect(try await requests(host) == before + 1)
        // Another port of the same host is not covered by that mapping: the guard judges it.
        let other = await fetcher.fetch(request("http://\(host):1/covered", guarded: true))
        #expect(other.failure == .dns, "\(other)")
    }

    @Test func aGuardedFetchOfAFixtureHostUnderTheSuitesMappingsIsAnsweredAsBefore() async throws {
        let url = DomainProbe.url("good--guard.aasa.test", .wellKnown)
        var policy = FetchPolicy.aasaFile()
        policy.guardsAddresses = true
        let answer = await Self.counter.fetch(FetchRequest(url: url, location: .wellKnown, policy: policy))
        #expect(answer.httpStatus == 200 && answer.failure == nil, "\(answer)")
    }
}
