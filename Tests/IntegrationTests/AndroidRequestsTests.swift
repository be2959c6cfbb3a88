import AASA
import Audit
import Fetching
import Foundation
import TestSupport
import Testing

/// What `audit --android` asks the site for, counted by the fixture server itself.
@Suite struct AndroidRequestsTests {
    static let server = FixtureServer.shared

    func audit(_ host: String, _ extra: [String]) async throws -> AuditReport {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-android-\(UUID().uuidString)")
        let result = try await Binary.run(
            ["audit", host] + Self.server.auditArguments + extra + [
                "--timeout", FixtureServer.roomyTimeout, "--out", out.path, "--format", "json",
            ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        defer { try? FileManager.default.removeItem(at: out) }
        return try AuditReport.decode(Data(contentsOf: out.appendingPathComponent("report.json")))
    }

    /// Without --android the run makes exactly the requests it made before; with it, two more on the site
    /// (assetlinks.json and robots.txt) and Google's answer from its stand-in.
    @Test func withoutAndroidNoRequestIsAdded() async throws {
        let fetcher = CurlFetcher(
            configuration: FetcherConfiguration(
                connectTo: Self.server.connectTo, caCertificate: Self.server.caPath, timeout: 30))
        defer { fetcher.shutdown() }
        let plain = "android--plain\(UUID().uuidString.prefix(8).lowercased()).aasa.test"
        let asked = "android--asked\(UUID().uuidString.prefix(8).lowercased()).aasa.test"
        let without = try await audit(plain, [])
        let with = try await audit(asked, Self.server.androidArguments)
        let locations = without.domains.first?.fetches.map(\.location) ?? []
        #expect(locations == [.wellKnown, .root, .wellKnown, .wellKnown, .cdn])
        let before = try #require(await Self.server.connections(of: plain, via: fetcher))
        let after = try #require(await Self.server.connections(of: asked, via: fetcher))
        #expect(after.requests == before.requests + 2, "assetlinks.json and robots.txt: \(before) then \(after)")
        #expect(with.domains.first?.findings.isEmpty == true, "\(with.domains.first?.findings.map(\.message) ?? [])")
        #expect(with.domains.first?.fetches.map(\.location).suffix(2) == [.assetLinks, .dal])
    }
}
