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
}
