import AASA
import Testing

/// Every check's messages, read as a user reads them: each example of every check in the catalogue is run, and
/// what it says must never show empty parentheses (a missing value), a negative day count, or a doubled word.
@Suite struct MessageDefectTests {
    /// The text of every finding a check's examples produce, passing and failing, with where it came from.
    static func texts<C: Check>(_ check: C.Type) -> [(origin: String, text: String)] {
        let examples = check.examples.passing + check.examples.failing
        return examples.enumerated().flatMap { index, example in
            ExampleHarness.run(check, example.evidence).flatMap { finding in
                [finding.message, finding.why, finding.hint].map { ("\(check.description.id) example \(index)", $0) }
            }
        }
    }

    static let all: [(origin: String, text: String)] = {
        var all: [(origin: String, text: String)] = []
        for check in Catalogue.transportChecks { all += texts(check) }
        for check in Catalogue.documentChecks { all += texts(check) }
        for check in Catalogue.entitlementChecks { all += texts(check) }
        for check in Catalogue.associationChecks { all += texts(check) }
        for check in Catalogue.crawlChecks { all += texts(check) }
        for check in Catalogue.limitChecks { all += texts(check) }
        for check in Catalogue.androidChecks { all += texts(check) }
        for check in Catalogue.dynamicRuleChecks { all += texts(check) }
        for check in Catalogue.androidManifestChecks { all += texts(check) }
        return all
    }()

    /// What is wrong with `text`, if anything.
    static func defects(_ text: String) -> [String] {
        var found: [String] = []
        if text.contains(/\(\s*\)/) { found.append("empty parentheses") }
        if let m = text.firstMatch(of: /(?:^|[\s(:])(-\d+) day/) { found.append("negative day count \(m.1)") }
        if let m = text.firstMatch(of: /\b([A-Za-z]+)\s+\1\b/.ignoresCase()) { found.append("doubled word \"\(m.0)\"") }
        return found
    }

    @Test func theScanFindsEachDefect() {
        #expect(Self.defects("The certificate expired () today.") == ["empty parentheses"])
        #expect(Self.defects("-2152 days left") == ["negative day count -2152"])
        #expect(Self.defects("expires in -3 day(s)") == ["negative day count -3"])
        #expect(Self.defects("an entry with mode mode=developer") == ["doubled word \"mode mode\""])
        #expect(Self.defects("The The end") == ["doubled word \"The The\""])
        #expect(Self.defects("expired 3 day(s) ago (subject CN=x); rules /a/* and /b/*; is-a-test 12 days") == [])
    }

    @Test func theCatalogueExamplesRunAndSaySomething() {
        #expect(Self.all.count > 100, "every check's examples were run: \(Self.all.count) texts")
    }

    @Test func noCheckMessageHasEmptyParenthesesNegativeDaysOrDoubledWords() {
        for (origin, text) in Self.all {
            let found = Self.defects(text)
            #expect(found.isEmpty, "\(origin): \(found): \(text)")
        }
    }
}
