import Foundation
import TestSupport
import Testing

/// `match` judges a URL as a browser requests it: the URL Standard's canonical form, so percent-encoded dot segments
/// and a default port cannot make a URL look like another folder's.
@Suite struct MatchCanonicalURLTests {
    static let file = """
        {"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"],
          "components": [{"/": "/account/*", "exclude": true}, {"/": "/shop/*"}]}]}}
        """

    @Test func dotSegmentsAreResolvedBeforeMatching() async throws {
        let file = try Binary.write(Self.file)
        let given = "HTTPS://Acme.TEST:443/shop/%2e%2E/account/delete"
        let result = try await Binary.run(["match", "--file", file.path, given, "--expect", "no-app"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first == given)
        #expect(lines.dropFirst().first == "matched as a browser requests it: https://acme.test/account/delete")
        #expect(lines.contains("9JA89QQLNQ.com.acme.shop: excluded (stays on the web)"))
    }

    @Test func aURLABrowserRefusesIsSaidSo() async throws {
        let file = try Binary.write(Self.file)
        let result = try await Binary.run(["match", "--file", file.path, "https://acme.test:99999/shop/1"])
        #expect(result.stdout.contains("a browser would not open it ("), "\(result.stdout)")
    }
}
