import AASA
import Foundation
import TestSupport
import Testing

@testable import Fetching

/// The anchors come from one file and no directory, the only shape libcurl caches its certificate store for: with
/// Debian's default directory beside the bundle, it parsed the whole bundle again for every connection.
@Suite struct TrustBundleTests {
    @Test func withoutAnExtraAnchorLibcurlsBundleIsUsedAlone() throws {
        try #require(TrustBundle.systemBundle != nil, "this machine's libcurl names a CA bundle file")
        let trust = TrustBundle(extra: nil)
        #expect(trust.file == nil, "libcurl's own bundle")
        #expect(trust.directory == "", "and no directory")
    }

    @Test func anExtraAnchorIsWrittenAfterTheSystemOnesIntoOneFile() throws {
        let system = try #require(TrustBundle.systemBundle.flatMap { FileManager.default.contents(atPath: $0) })
        let extra = FixtureServer.shared.caPath
        let added = try #require(FileManager.default.contents(atPath: extra))
        let trust = TrustBundle(extra: extra)
        let file = try #require(trust.file)
        #expect(file != extra && trust.directory == "")
        #expect(FileManager.default.contents(atPath: file) == system + Data("\n".utf8) + added)
        trust.remove()
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func anUnreadableExtraAnchorIsHandedToLibcurlAsBefore() {
        // libcurl then fails each verified transfer naming the file, as it always did.
        let trust = TrustBundle(extra: "/nonexistent/ca.pem")
        #expect(trust.file == "/nonexistent/ca.pem")
        #expect(trust.directory == (FileManager.default.fileExists(atPath: "/etc/ssl/certs") ? "/etc/ssl/certs" : nil))
        trust.remove()
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent/ca.pem"))
    }
}

/// libcurl builds the certificate store once and keeps it: with both trust files gone, a new connection still verifies.
@Suite struct CertificateStoreTests {
    @Test func aNewConnectionVerifiesWithTheStoreBuiltForTheFirstOne() async throws {
        // Before, libcurl rebuilt the store for each connection from the files (Debian's default CA directory stops it
        // keeping one), so the second connection below failed to load the removed anchor.
        let server = FixtureServer.shared
        let anchor = FileManager.default.temporaryDirectory.appendingPathComponent(
            "aasa-store-\(UUID().uuidString).pem")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: server.caPath), to: anchor)
        let fetcher = CurlFetcher(
            configuration: FetcherConfiguration(connectTo: server.connectTo, caCertificate: anchor.path, timeout: 10))
        defer { fetcher.shutdown() }
        func fetch(_ host: String) async -> Exchange {
            await fetcher.fetch(
                FetchRequest(url: DomainProbe.url(host, .wellKnown), location: .wellKnown, policy: .aasaFile()))
        }
        let first = await fetch("good--store1.aasa.test")
        #expect(first.httpStatus == 200 && first.failure == nil, "\(first.error ?? "")")
        try FileManager.default.removeItem(at: anchor)
        if let file = fetcher.trustFile { try FileManager.default.removeItem(atPath: file) }
        let second = await fetch("good--store2.aasa.test")  // another host: a connection and a TLS context of its own
        #expect(second.httpStatus == 200 && second.failure == nil, "\(second.error ?? "")")
    }
}
