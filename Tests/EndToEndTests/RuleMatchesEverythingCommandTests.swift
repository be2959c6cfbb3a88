import Foundation
import TestSupport
import Testing

/// A component whose path key is misspelt matches every URL on a device: `check` says so as an error and names
/// the key to rename, and `match` shows the consequence it warns about.
@Suite struct RuleMatchesEverythingCommandTests {
    static let misspelt = """
        {"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"],
          "components": [{"path": "/promo/*"}]}]}}
        """

    @Test func checkFailsOnAMisspeltPathKey() async throws {
        let file = try Binary.write(Self.misspelt)
        let result = try await Binary.run(["check", file.path], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("error[rule-matches-everything]"), "\(result.stdout)")
        #expect(result.stdout.contains("matches every URL of the domain"), "\(result.stdout)")
        #expect(result.stdout.contains("/account/delete"), "\(result.stdout)")
        #expect(result.stdout.contains(#"Rename "path" to "/""#), "\(result.stdout)")
        // unknown-key names the same key; its fix renames it rather than saying "remove it".
        #expect(result.stdout.contains(#"did you mean "/"?"#), "\(result.stdout)")
        #expect(!result.stdout.contains("Remove it"), "\(result.stdout)")
    }

    @Test func checkJSONCarriesTheErrorAtTheKey() async throws {
        let file = try Binary.write(Self.misspelt)
        let result = try await Binary.run(["check", file.path, "--format", "json"])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let finding = try #require(findings.first { $0["id"] as? String == "rule-matches-everything" })
        #expect(finding["severity"] as? String == "error")
        let location = try #require(finding["location"] as? [String: Any])
        #expect(location["pointer"] as? String == "/applinks/details/0/components/0/path")
    }

    @Test func aComponentWithNoPatternIsAnErrorButAFragmentExcludeIsNot() async throws {
        let bare = try Binary.write(
            #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"comment": "promo"}]}]}}"#
        )
        let bareResult = try await Binary.run(["check", bare.path], environment: ["NO_COLOR": "1"])
        #expect(bareResult.status == 1, "\(bareResult.stdout)")
        #expect(bareResult.stdout.contains("error[rule-matches-everything]"), "\(bareResult.stdout)")
        let apple = try Binary.write(
            ##"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"#": "no_universal_links", "exclude": true}, {"/": "/buy/*"}]}]}}"##
        )
        let appleResult = try await Binary.run(["check", apple.path], environment: ["NO_COLOR": "1"])
        #expect(!appleResult.stdout.contains("rule-matches-everything"), "\(appleResult.stdout)")
    }

    @Test func rulesListsTheCheck() async throws {
        let result = try await Binary.run(["rules", "--json"])
        #expect(result.stdout.contains("\"rule-matches-everything\""))
    }
}
