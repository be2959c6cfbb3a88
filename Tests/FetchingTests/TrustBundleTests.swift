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
