import Foundation
import TestSupport
import Testing

/// `match` names details entries by their index in the file's `details` array, even when items that are not
/// objects (and so decide nothing) come before them.
@Suite struct MatchDetailsIndexTests {
    static let file = """
        {
          "applinks": {
            "details": [
              42,
              {
                "appIDs": ["9JA89QQLNQ.com.acme.shop"],
                "components": [{ "/": "/shop/*" }]
              },
              "not an entry",
              { "appIDs": ["9JA89QQLNQ.com.acme.empty"], "components": [] }
            ]
          }
        }
        """

    @Test func theTextNamesTheIndexInTheDetailsArray() async throws {
        let file = try Binary.write(Self.file)
        let result = try await Binary.run(["match", "--file", file.path, "https://acme.test/shop/1", "/about"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            lines == [
                "https://acme.test/shop/1",
                "9JA89QQLNQ.com.acme.shop: opens the app",
                "Matched by details[1] rule 0: the link opens the app.",
                #"components[0] {"/": "/shop/*"}  (line 7): matched"#,
                "9JA89QQLNQ.com.acme.empty: no match (stays on the web)",
                "details[3] has no rules.",
                "/about",
                "9JA89QQLNQ.com.acme.shop: no match (stays on the web)",
                "No rule of details[1] matches this URL.",
                #"components[0] {"/": "/shop/*"}  (line 7): path differs from /shop/*"#,
                "9JA89QQLNQ.com.acme.empty: no match (stays on the web)",
                "details[3] has no rules.",
            ])
    }

    @Test func theJSONNamesTheIndexInTheDetailsArray() async throws {
        let file = try Binary.write(Self.file)
        let result = try await Binary.run([
            "match", "--file", file.path, "--json", "--app-id", "9JA89QQLNQ.com.acme.shop", "https://acme.test/shop/1",
            "/about",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        let hit = try #require((array[0]["verdicts"] as? [[String: Any]])?.first)
        #expect(hit["reason"] as? String == "Matched by details[1] rule 0: the link opens the app.")
        let rule = try #require(hit["rule"] as? [String: Any])
        #expect(rule["detailsIndex"] as? Int == 1 && rule["ruleIndex"] as? Int == 0)
        #expect(rule["pointer"] as? String == "/applinks/details/1/components/0")
        let miss = try #require((array[1]["verdicts"] as? [[String: Any]])?.first)
        #expect(miss["result"] as? String == "no_match")
        #expect(miss["reason"] as? String == "No rule of details[1] matches this URL.")
        #expect(miss["rule"] is NSNull)
    }
}
