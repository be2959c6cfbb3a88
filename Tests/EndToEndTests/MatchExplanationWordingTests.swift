import Foundation
import TestSupport
import Testing

/// `match`'s explanations: letter case, `$(variable)` values and a URL with no fragment said plainly; `rules` on a
/// terminal without Markdown backticks; `check` on several syntax errors says later ones are not reported.
@Suite struct MatchExplanationWordingTests {
    @Test func aCaseOnlyMissSaysMatchingIsCaseSensitive() async throws {
        let file = try Binary.write(
            #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/Shop/*"}]}]}}"#)
        let result = try await Binary.run(["match", "--file", file.path, "https://a.test/shop/1"])
        #expect(result.stdout.contains("path differs from /Shop/*; matching is case-sensitive"), "\(result.stdout)")
        #expect(result.stdout.contains(#""caseSensitive": false would match it"#), "\(result.stdout)")
    }

    @Test func variablesAreExpandedAndAMissingFragmentIsNamed() async throws {
        let file = try Binary.write(
            ##"""
            {"applinks": {"substitutionVariables": {"food": ["burrito", "pizza"]},
              "details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"],
                "components": [{"#": "nolink", "exclude": true}, {"/": "/$(lang)/$(food)/*"}]}]}}
            """##)
        let result = try await Binary.run(["match", "--file", file.path, "https://a.test/en/taco/1"])
        #expect(result.stdout.contains("the URL has no fragment and the rule needs #nolink"), "\(result.stdout)")
        #expect(!result.stdout.contains("fragment differs"), "\(result.stdout)")
        #expect(
            result.stdout.contains("$(lang) = any ISO 639 language code; $(food) = burrito, pizza"), "\(result.stdout)")
    }

    @Test func rulesPrintsNoBackticksWithoutColour() async throws {
        let result = try await Binary.run(["rules"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("`"), "\(result.stdout)")
        let markdown = try await Binary.run(["rules", "--markdown"])
        #expect(markdown.stdout.contains("`"))
    }

    @Test func laterSyntaxErrorsAreSaidToBeUnreported() async throws {
        let file = try Binary.write("{\"applinks\": {\"details\": [],},\n \"webcredentials\": {'apps': []}}")
        let result = try await Binary.run(["check", file.path], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stdout.components(separatedBy: "error[json-syntax]").count == 2, "\(result.stdout)")
        #expect(result.stdout.contains("Later syntax errors, if any, are not reported"), "\(result.stdout)")
        let truncated = try Binary.write("{\"applinks\": {\"details\": [")
        let end = try await Binary.run(["check", truncated.path], environment: ["NO_COLOR": "1"])
        #expect(!end.stdout.contains("Later syntax errors"), "\(end.stdout)")
    }
}
