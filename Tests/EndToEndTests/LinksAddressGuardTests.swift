import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// `links` never follows a redirect to this machine (issue 23, item 2): the real binary and libcurl against the
/// fixture, with only this test's hosts mapped. (The fixture's usual `--connect-to ::127.0.0.1:PORT` maps every
/// host, which makes every host the user's own.)
@Suite struct LinksAddressGuardTests {
    static let server = FixtureServer.shared

    var arguments: [String] {
        ["track--guard", "linkapp--guard"].flatMap {
            ["--connect-to", "\($0).aasa.test:443:127.0.0.1:\(Self.server.port)"]
        } + ["--ca-cert", Self.server.caPath, "--timeout", FixtureServer.roomyTimeout]
    }

    /// Requests the fixture answered with this Host (`GET /connections`, asked with curl through every mapping).
    func requests(_ host: String) async throws -> Int {
        let mapping = Self.server.connectTo.flatMap { ["--connect-to", $0] }
        let result = try await Binary.run(
            ["-s", "--cacert", Self.server.caPath] + mapping + ["https://count.aasa.test/connections?host=\(host)"],
            program: URL(fileURLWithPath: "/usr/bin/curl"))
        let fields = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Int]
        return try #require(fields?["requests"], "\(result.stdout)\(result.stderr)")
    }

    static var hostName: String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).lowercased()
    }

    static let remedy = "only hosts you name may resolve to such addresses"

    @Test func redirectsToThisMachineAreRecordedNotFollowedWhileMappedHostsAreFollowed() async throws {
        let base = "https://track--guard.aasa.test"
        let out = try tempDirectory()
        let name = Self.hostName
        let before = (localhost: try await requests("localhost"), name: try await requests(name))
        let result = try await Binary.run(
            ["links", "\(base)/c/localhost", "\(base)/c/self", "\(base)/c/app"] + arguments + ["--out", out.path],
            environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let report = try JSONOutput.decoder().decode(
            LinksReport.self, from: Data(contentsOf: out.appendingPathComponent("links.json")))
        func link(_ path: String) throws -> LinkResult {
            try #require(report.links.first { $0.url == "\(base)/\(path)" }, "\(report.links.map(\.url))")
        }

        // The tapped URL is the user's (mapped to 127.0.0.1) and is fetched; the redirect to localhost is not.
        let local = try link("c/localhost")
        #expect(local.tier == .never)
        #expect(local.chain.map(\.url) == ["\(base)/c/localhost", "http://localhost/x"])
        #expect(local.chain[0].httpStatus == 302)
        #expect(local.chain[1].httpStatus == nil)
        let note = "Not followed: localhost is a loopback name (this machine); \(Self.remedy)."
        #expect(local.chain[1].note == note, "\(local.chain)")

        // This machine's own name resolves to one of its addresses (127.0.0.1 from /etc/hosts here).
        let own = try link("c/self")
        #expect(own.chain.map(\.url) == ["\(base)/c/self", "http://\(name)/x"])
        #expect(own.chain[1].httpStatus == nil)
        #expect(own.chain[1].note?.hasPrefix("Not followed: \(name) resolves to ") == true, "\(own.chain)")
        #expect(own.chain[1].note?.hasSuffix("; \(Self.remedy).") == true, "\(own.chain)")

        // A redirect to another mapped host is followed as before.
        let app = try link("c/app")
        #expect(app.tier == .safariFirst)
        #expect(app.chain.map(\.httpStatus) == [302, 200])

        // Neither name's file was requested or reported, and no request reached the fixture under either name.
        #expect(report.domains.map(\.domain) == ["linkapp--guard.aasa.test", "track--guard.aasa.test"])
        #expect(try await requests("localhost") == before.localhost)
        #expect(try await requests(name) == before.name)

        // The terminal table, links.html and links.csv say the same.
        #expect(result.stdout.contains("No URL in the chain opens an app: \(note)"), "\(result.stdout)")
        let html = try String(contentsOf: out.appendingPathComponent("links.html"), encoding: .utf8)
        #expect(html.contains("localhost is a loopback name (this machine)"))
        let csv = try String(contentsOf: out.appendingPathComponent("links.csv"), encoding: .utf8)
        #expect(csv.contains("\(base)/c/localhost,never,,,1,http://localhost/x,,"), "\(csv)")
    }
}
