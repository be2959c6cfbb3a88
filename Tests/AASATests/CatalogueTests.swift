import AASA
import Testing

/// A check's examples, labelled by its ID in test output.
struct CheckCase: CustomTestStringConvertible, Sendable {
    let check: any DocumentCheck.Type
    var testDescription: String { check.description.id }
}

@Suite struct CatalogueTests {
    static let cases = Catalogue.documentChecks.map(CheckCase.init)

    @Test func idsAreUniqueAndKebabCase() {
        let ids = Catalogue.descriptions.map(\.id)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.wholeMatch(of: /[a-z0-9]+(-[a-z0-9]+)*/) != nil, "\(id) is not kebab-case")
        }
    }

    @Test func everyDesignIDOfTheDocumentAppsAndRulesAreasExists() {
        let required = [
            "json-syntax", "json-bom", "json-duplicate-key", "json-encoding", "not-an-object", "signed-legacy",
            "unknown-key", "wrong-type", "no-services", "apps-not-empty", "details-dictionary",
            "app-id-format", "app-id-placeholder", "app-id-duplicate", "app-id-ignored", "empty-app-ids",
            "paths-ignored", "paths-legacy", "no-rules", "pattern-type", "query-dictionary-discarded",
            "unknown-variable", "variable-definition", "unreachable-rule", "fragment-in-path", "query-in-path",
        ]
        let ids = Set(Catalogue.descriptions.map(\.id))
        for id in required { #expect(ids.contains(id), "missing check \(id)") }
    }

    @Test func everyCheckHasBothKindsOfExamplesAndAReason() {
        for d in Catalogue.descriptions {
            #expect(!d.passing.isEmpty, "\(d.id) has no passing example")
            #expect(!d.failing.isEmpty, "\(d.id) has no failing example")
            #expect(d.failing.allSatisfy { !$0.pointers.isEmpty }, "\(d.id) has a failing example without locations")
            #expect(!d.summary.hasSuffix("."), "\(d.id) summary ends with a period")
            #expect(d.reference.hasPrefix("https://"))
            #expect(d.rationale.count > 40)
        }
    }

    static func locations(_ findings: [Finding]) -> [String] {
        findings.map { f in f.location.pointer ?? "\(f.location.line ?? 0):\(f.location.column ?? 0)" }.sorted()
    }

    @Test(arguments: cases) func passingExamplesProduceNoFinding(_ c: CheckCase) {
        for example in c.check.description.passing {
            var sink = FindingSink()
            c.check.run(DecodedFile(bytes: example.input.bytes), into: &sink)
            #expect(sink.findings.isEmpty, "\(c.check.description.id): \(sink.findings.map(\.message))")
        }
    }

    @Test(arguments: cases) func failingExamplesProduceFindingsExactlyWhereTheySay(_ c: CheckCase) {
        for example in c.check.description.failing {
            var sink = FindingSink()
            c.check.run(DecodedFile(bytes: example.input.bytes), into: &sink)
            #expect(
                Self.locations(sink.findings) == example.pointers.sorted(),
                "\(c.check.description.id): \(sink.findings.map(\.message))")
            for finding in sink.findings {
                #expect(finding.id == c.check.description.id)
                #expect(!finding.message.isEmpty && !finding.why.isEmpty && !finding.hint.isEmpty)
                #expect(
                    finding.location.line != nil && finding.location.column != nil,
                    "every finding names line and column")
            }
        }
    }

    /// Every passing example of every check is a clean file as far as errors go, so examples do not mislead.
    @Test(arguments: cases) func passingExamplesHaveNoErrorsFromAnyCheck(_ c: CheckCase) {
        for example in c.check.description.passing {
            let errors = Catalogue.check(DecodedFile(bytes: example.input.bytes)).filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(c.check.description.id): \(errors.map(\.message))")
        }
    }
}
