import AASA
import Testing

@testable import Audit

/// A baseline made without --android (or without Google's view) says nothing about the checks those options decide.
@Suite struct OptionEffectsTests {
    @Test func androidDecidesEveryAndroidCheck() {
        let set = OptionEffects.uncomparable(then: [:], now: ["--android": "true"])
        let android = Catalogue.descriptions.filter { $0.area == .android }.map(\.id)
        // The file checks and the dynamic-rule checks too, not only those over the fetch.
        #expect(android.contains("android-fingerprint-format") && android.contains("android-dynamic-malformed"))
        #expect(android.allSatisfy { set[$0] == "this run used --android, the baseline did not" }, "\(set)")
        #expect(set["cdn-failure"] == nil)
    }

    @Test func googlesViewDecidesBothGoogleChecks() {
        let set = OptionEffects.uncomparable(
            then: ["--android": "true"], now: ["--android": "true", "--no-dal": "true"])
        #expect(Set(set.keys) == ["android-google-failure", "android-google-mismatch"], "\(set)")
    }

    /// Another app (or another signing key) decides whether each host verifies the audited app, and nothing else.
    @Test func theAuditedAppDecidesOnlyWhetherHostsVerifyIt() {
        let then = ["--android": "true", "--android-package": "com.acme.shop"]
        for now in [
            ["--android": "true", "--android-package": "com.acme.shop.debug"],
            then.merging(["--android-fingerprint": "AA:BB"]) { $1 },
            then.merging(["--android-manifest": "sha256:00"]) { $1 },
        ] {
            let set = OptionEffects.uncomparable(then: then, now: now)
            #expect(Set(set.keys) == ["android-app-not-verified"], "\(now): \(set)")
        }
    }
}
