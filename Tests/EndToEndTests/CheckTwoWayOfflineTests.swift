import Foundation
import TestSupport
import Testing

/// `check FILE --entitlements`/`--app-id`: the two-way checks that need no network, with a did-you-mean for an
/// app ID one or two characters off or missing its Team ID; `match --app-id` refuses the same near misses.
@Suite struct CheckTwoWayOfflineTests {
    static let file = """
        {"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/shop/*"}]}]},
         "webcredentials": {"apps": ["9JA89QQLNQ.com.acme.shop"]}}
        """

    @Test func anEntitlementsFileIsCheckedOffline() async throws {
        let file = try Binary.write(Self.file)
        let entitlements = try Binary.write(
            "applinks:acme.com\nwebcredentials:acme.com\nappclips:acme.com\napplinks:acme.com/shop\n",
            name: "App.txt")
        let result = try await Binary.run(
            [
                "check", file.path, "--entitlements", entitlements.path, "--app-id", "9JA89QQLNQ.com.acme.shop",
                "--format", "json",
            ])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(object["findings"] as? [[String: Any]])
        let ids = findings.compactMap { $0["id"] as? String }
        // appclips is not listed in the file; the fourth entry has a path.
        #expect(ids.filter { $0 == "entitlement-app-missing" }.count == 1, "\(ids)")
        #expect(ids.contains("entitlement-entry-format"), "\(ids)")
        let missing = try #require(findings.first { $0["id"] as? String == "entitlement-app-missing" })
        #expect((missing["message"] as? String)?.contains("for appclips") == true, "\(missing)")
    }

    @Test func aTeamIDOneCharacterOffGetsADidYouMean() async throws {
        let file = try Binary.write(Self.file)
        let result = try await Binary.run(
            ["check", file.path, "--app-id", "9JA89QQLNO.com.acme.shop"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("error[entitlement-app-missing]"), "\(result.stdout)")
        #expect(result.stdout.contains("Did you mean 9JA89QQLNQ.com.acme.shop?"), "\(result.stdout)")
    }

    @Test func aBundleIDWithoutTeamIDIsRefusedWithADidYouMean() async throws {
        let file = try Binary.write(Self.file)
        let check = try await Binary.run(["check", file.path, "--app-id", "com.acme.shop"])
        #expect(check.status == 2, "\(check.stdout)\(check.stderr)")
        #expect(check.stderr.contains("did you mean 9JA89QQLNQ.com.acme.shop?"), "\(check.stderr)")
        let match = try await Binary.run(
            ["match", "--file", file.path, "--app-id", "com.acme.shop", "--expect", "no-app", "https://a.test/x"])
        #expect(match.status == 2, "\(match.stdout)\(match.stderr)")
        #expect(match.stderr.contains("is not an app ID"), "\(match.stderr)")
        #expect(match.stderr.contains("did you mean 9JA89QQLNQ.com.acme.shop?"), "\(match.stderr)")
    }

    @Test func matchRefusesANearMissAppID() async throws {
        let file = try Binary.write(Self.file)
        let result = try await Binary.run(
            ["match", "--file", file.path, "--app-id", "9JA89QQLNQ.com.acme.shp", "--expect", "no-app", "/shop/1"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("did you mean 9JA89QQLNQ.com.acme.shop?"), "\(result.stderr)")
    }

    @Test func aListedAppPassesOffline() async throws {
        let file = try Binary.write(Self.file)
        let entitlements = try Binary.write("applinks:acme.com\nwebcredentials:acme.com\n", name: "App.txt")
        let result = try await Binary.run(
            ["check", file.path, "--entitlements", entitlements.path, "--app-id", "9JA89QQLNQ.com.acme.shop"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}
