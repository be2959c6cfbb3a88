import AASA
import Testing

/// Deliberately broken checks: the catalogue harness must report each of them, or its passing proves nothing.
enum BrokenChecks {
    static func describe(_ id: String) -> CheckDescription {
        CheckDescription(
            id: id, area: .document, severity: .warning, summary: "A check the harness must catch",
            rationale: "Exists only to show that the catalogue harness reports a broken example.",
            reference: "https://example.com/")
    }

    static let clean = #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "paths": ["*"]}]}}"#

    /// Reports every file, so its passing example fails.
    enum Noisy: Check {
        static let description = describe("test-noisy")
        static let examples = Examples<DecodedFile>(passing: [.passing(clean)], failing: [.failing(clean, at: ["/"])])
        static func run(_ file: DecodedFile, into findings: inout FindingSink) {
            guard let root = file.root else { return }
            findings.add(description, at: root, "Always.", why: "Always.", fix: "Nothing.")
        }
    }

    /// Reports nothing, the way a check handed the wrong kind of input used to: its failing example must fail.
    enum Silent: Check {
        static let description = describe("test-silent")
        static let examples = Examples<DecodedFile>(
            passing: [.passing(clean)], failing: [.failing(clean, at: ["/applinks"])])
        static func run(_ file: DecodedFile, into findings: inout FindingSink) {}
    }

    /// Reports at another place than its failing example says, and with an empty hint.
    enum Misplaced: Check {
        static let description = describe("test-misplaced")
        static let examples = Examples<DecodedFile>(
            passing: [.passing(#"{"webcredentials": {"apps": []}}"#)], failing: [.failing(clean, at: ["/applinks"])])
        static func run(_ file: DecodedFile, into findings: inout FindingSink) {
            guard let details = file.root?["applinks"]?["details"] else { return }
            findings.add(description, at: details, "Here.", why: "Because.", fix: "")
        }
    }

    /// A transport check whose finding names no URL.
    enum Unlocated: Check {
        static let description = describe("test-unlocated")
        static let examples = Examples<DomainProbe>(
            passing: [.passing(ExampleProbe.healthy(wellKnown: ExampleProbe.exchange(status: 500)))],
            failing: [.failing(ExampleProbe.healthy(), at: ["?"])])
        static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
            guard probe.wellKnownServes else { return }
            findings.append(
                Finding(
                    id: description.id, severity: .warning, message: "No URL.", location: FindingLocation(), why: "x",
                    hint: "y", reference: description.reference))
        }
    }

    /// Its passing example is not valid JSON, so other checks report an error on it.
    enum Unparsable: Check {
        static let description = describe("test-unparsable")
        static let examples = Examples<DecodedFile>(
            passing: [.passing(#"{"applinks": "#)], failing: [.failing(#"{"applinks": "#, at: ["/"])])
        static func run(_ file: DecodedFile, into findings: inout FindingSink) {}
    }

    /// Has no examples at all.
    enum Unexampled: Check {
        static let description = describe("test-unexampled")
        static let examples = Examples<Entitlements>(passing: [], failing: [])
        static func run(_ entitlements: Entitlements, into findings: inout FindingSink) {}
    }
}

@Suite struct ExampleHarnessTests {
    @Test func aPassingExampleThatGivesAFindingIsReported() {
        let problems = ExampleHarness.passingProblems(BrokenChecks.Noisy.self)
        #expect(problems.count == 1 && problems[0].contains("passing example 0"), "\(problems)")
    }

    @Test func aFailingExampleThatGivesNoFindingIsReported() {
        let problems = ExampleHarness.failingProblems(BrokenChecks.Silent.self)
        #expect(problems == [#"test-silent: failing example 0 landed at [], not ["/applinks"]: []"#])
    }

    @Test func aFindingElsewhereOrWithoutAHintIsReported() {
        let problems = ExampleHarness.failingProblems(BrokenChecks.Misplaced.self)
        #expect(problems.count == 2, "\(problems)")
        #expect(problems.contains { $0.contains(#"landed at ["/applinks/details"], not ["/applinks"]"#) })
        #expect(problems.contains { $0.contains("without message, why or hint") })
    }

    @Test func aFindingThatDoesNotNameWhatItsEvidenceRequiresIsReported() {
        let problems = ExampleHarness.failingProblems(BrokenChecks.Unlocated.self)
        #expect(
            problems.contains("test-unlocated: failing example 0: a transport finding names the URL"), "\(problems)")
    }

    @Test func aPassingExampleWithErrorsFromOtherChecksIsReported() {
        // The passing probe answers 500: http-status reports it as an error.
        let problems = ExampleHarness.passingErrors(BrokenChecks.Unlocated.self)
        #expect(problems.count == 1 && problems[0].contains("500"), "\(problems)")
        // A file with a syntax error is not a clean passing example either.
        let syntax = ExampleHarness.passingErrors(BrokenChecks.Unparsable.self)
        #expect(syntax.count == 1 && syntax[0].hasPrefix("test-unparsable: passing example 0 has errors"), "\(syntax)")
    }

    @Test func aCheckWithoutExamplesIsReported() {
        #expect(
            ExampleHarness.exampleCountProblems(BrokenChecks.Unexampled.self) == [
                "test-unexampled has no passing example", "test-unexampled has no failing example",
            ])
    }

    @Test func aSoundCheckHasNoProblems() {
        #expect(ExampleHarness.passingProblems(JSONSyntax.self).isEmpty)
        #expect(ExampleHarness.failingProblems(JSONSyntax.self).isEmpty)
        #expect(ExampleHarness.passingErrors(JSONSyntax.self).isEmpty)
    }
}
