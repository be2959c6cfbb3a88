import AASA
import Testing

/// What the harness knows about each kind of evidence a check reads.
protocol ExampleEvidence: Sendable {
    /// Why `finding` does not name what findings on this kind of evidence must name; nil when it does.
    static func locationProblem(_ finding: Finding) -> String?
    /// The findings of every check that could read this evidence, to make sure a passing example is clean.
    static func allFindings(_ evidence: Self) -> [Finding]
}

extension DecodedFile: ExampleEvidence {
    static func locationProblem(_ finding: Finding) -> String? {
        finding.location.line != nil && finding.location.column != nil ? nil : "every finding names line and column"
    }
    static func allFindings(_ file: DecodedFile) -> [Finding] { Catalogue.check(file) }
}

extension AssetLinksFile: ExampleEvidence {
    static func locationProblem(_ finding: Finding) -> String? {
        finding.location.line != nil && finding.location.column != nil ? nil : "every finding names line and column"
    }
    static func allFindings(_ file: AssetLinksFile) -> [Finding] { Catalogue.check(file) }
}

extension DomainProbe: ExampleEvidence {
    static func locationProblem(_ finding: Finding) -> String? {
        finding.location.url != nil ? nil : "a transport finding names the URL"
    }
    static func allFindings(_ probe: DomainProbe) -> [Finding] { Catalogue.check(probe) }
}

extension AndroidProbe: ExampleEvidence {
    static func locationProblem(_ finding: Finding) -> String? {
        finding.location.url != nil ? nil : "an Android transport finding names the URL"
    }
    static func allFindings(_ probe: AndroidProbe) -> [Finding] { Catalogue.check(probe) }
}

extension Entitlements: ExampleEvidence {
    static func locationProblem(_ finding: Finding) -> String? {
        finding.location.pointer != nil ? nil : "an entitlement finding names the entry"
    }
    static func allFindings(_ entitlements: Entitlements) -> [Finding] { Catalogue.check(entitlements) }
}

extension Association: ExampleEvidence {
    static func locationProblem(_ finding: Finding) -> String? {
        finding.location.pointer != nil ? nil : "an association finding names the entry"
    }
    static func allFindings(_ association: Association) -> [Finding] {
        Catalogue.check(association.probe) + Catalogue.check(association)
    }
}

extension CrawlEvidence: ExampleEvidence {
    static func locationProblem(_ finding: Finding) -> String? {
        finding.location.url != nil ? nil : "a crawl finding names the page or file"
    }
    static func allFindings(_ evidence: CrawlEvidence) -> [Finding] { Catalogue.check(evidence) }
}

extension LinkEvidence: ExampleEvidence {
    static func locationProblem(_ finding: Finding) -> String? {
        finding.location.url != nil ? nil : "a link finding names the tapped URL"
    }
    static func allFindings(_ evidence: LinkEvidence) -> [Finding] { Catalogue.check(evidence) }
}

extension CustomSchemeEvidence: ExampleEvidence {
    static func locationProblem(_ finding: Finding) -> String? {
        finding.location.url != nil ? nil : "a custom-scheme finding names the page it was found on"
    }
    static func allFindings(_ evidence: CustomSchemeEvidence) -> [Finding] { Catalogue.check(evidence) }
}

extension AndroidManifest: ExampleEvidence {
    static func locationProblem(_ finding: Finding) -> String? {
        finding.location.url != nil && finding.location.line != nil ? nil : "a manifest finding names the file and line"
    }
    static func allFindings(_ manifest: AndroidManifest) -> [Finding] { Catalogue.check(manifest) }
}

extension RelationExtensions: ExampleEvidence {
    static func locationProblem(_ finding: Finding) -> String? {
        finding.location.pointer != nil && finding.location.line != nil
            ? nil : "a dynamic-rule finding names its pointer and line"
    }
    static func allFindings(_ evidence: RelationExtensions) -> [Finding] { Catalogue.check(evidence) }
}

/// Runs a check's examples and returns what is wrong with them as values, so a test can also show that a
/// broken example is caught. An example of the wrong kind of input cannot reach it: examples are typed by the
/// evidence their check reads.
enum ExampleHarness {
    static func locations(_ findings: [Finding]) -> [String] {
        findings.map { f in
            f.location.pointer ?? f.location.line.map { "\($0):\(f.location.column ?? 0)" } ?? f.location.url ?? "?"
        }.sorted()
    }

    static func run<C: Check>(_ check: C.Type, _ evidence: C.Evidence) -> [Finding] {
        var sink = FindingSink()
        check.run(evidence, into: &sink)
        return sink.findings
    }

    /// Passing examples must produce no finding of the check.
    static func passingProblems<C: Check>(_ check: C.Type) -> [String] {
        check.examples.passing.enumerated().compactMap { index, example in
            let findings = run(check, example.evidence)
            return findings.isEmpty
                ? nil : "\(check.description.id): passing example \(index) gave \(findings.map(\.message))"
        }
    }

    /// Failing examples must produce findings of the check exactly where they say, each fully written.
    static func failingProblems<C: Check>(_ check: C.Type) -> [String] where C.Evidence: ExampleEvidence {
        var problems: [String] = []
        let id = check.description.id
        for (index, example) in check.examples.failing.enumerated() {
            let findings = run(check, example.evidence)
            if locations(findings) != example.locations.sorted() {
                problems.append(
                    "\(id): failing example \(index) landed at \(locations(findings)), not \(example.locations.sorted()): \(findings.map(\.message))"
                )
            }
            for finding in findings {
                if finding.id != id {
                    problems.append("\(id): failing example \(index) gave a finding of \(finding.id)")
                }
                if finding.message.isEmpty || finding.why.isEmpty || finding.hint.isEmpty {
                    problems.append("\(id): failing example \(index) gave a finding without message, why or hint")
                }
                if let problem = C.Evidence.locationProblem(finding) {
                    problems.append("\(id): failing example \(index): \(problem)")
                }
            }
        }
        return problems
    }

    /// Every passing example is clean as far as errors go, under every check that reads it, so examples do not
    /// mislead.
    static func passingErrors<C: Check>(_ check: C.Type) -> [String] where C.Evidence: ExampleEvidence {
        check.examples.passing.enumerated().compactMap { index, example in
            let errors = C.Evidence.allFindings(example.evidence).filter { $0.severity == .error }
            return errors.isEmpty
                ? nil : "\(check.description.id): passing example \(index) has errors \(errors.map(\.message))"
        }
    }

    /// A check needs both kinds of examples, and every failing one says where its findings land.
    static func exampleCountProblems<C: Check>(_ check: C.Type) -> [String] {
        let id = check.description.id
        var problems: [String] = []
        if check.examples.passing.isEmpty { problems.append("\(id) has no passing example") }
        if check.examples.failing.isEmpty { problems.append("\(id) has no failing example") }
        if check.examples.failing.contains(where: { $0.locations.isEmpty }) {
            problems.append("\(id) has a failing example without locations")
        }
        return problems
    }
}

/// A check's examples, labelled by its ID in test output.
struct CheckCase: CustomTestStringConvertible, Sendable {
    let description: CheckDescription
    let exampleCountProblems: @Sendable () -> [String]
    let passingProblems: @Sendable () -> [String]
    let failingProblems: @Sendable () -> [String]
    let passingErrors: @Sendable () -> [String]
    var testDescription: String { description.id }

    init<C: Check>(_ check: C.Type) where C.Evidence: ExampleEvidence {
        description = check.description
        exampleCountProblems = { ExampleHarness.exampleCountProblems(check) }
        passingProblems = { ExampleHarness.passingProblems(check) }
        failingProblems = { ExampleHarness.failingProblems(check) }
        passingErrors = { ExampleHarness.passingErrors(check) }
    }
}

@Suite struct CatalogueTests {
    static let transportCases: [CheckCase] = Catalogue.transportChecks.map { CheckCase($0) }
    static let documentCases: [CheckCase] = Catalogue.documentChecks.map { CheckCase($0) }
    static let entitlementCases: [CheckCase] = Catalogue.entitlementChecks.map { CheckCase($0) }
    static let associationCases: [CheckCase] = Catalogue.associationChecks.map { CheckCase($0) }
    static let crawlCases: [CheckCase] = Catalogue.crawlChecks.map { CheckCase($0) }
    static let customSchemeCases: [CheckCase] = Catalogue.customSchemeChecks.map { CheckCase($0) }
    static let limitCases: [CheckCase] = Catalogue.limitChecks.map { CheckCase($0) }
    static let linkCases: [CheckCase] = Catalogue.linkChecks.map { CheckCase($0) }
    static let androidCases: [CheckCase] = Catalogue.androidChecks.map { CheckCase($0) }
    static let androidFileCases: [CheckCase] = Catalogue.androidFileChecks.map { CheckCase($0) }
    static let dynamicRuleCases: [CheckCase] = Catalogue.dynamicRuleChecks.map { CheckCase($0) }
    static let androidManifestCases: [CheckCase] = Catalogue.androidManifestChecks.map { CheckCase($0) }
    static let cases: [CheckCase] =
        transportCases + documentCases + entitlementCases + associationCases + crawlCases + customSchemeCases
        + limitCases + linkCases + androidCases + androidFileCases + dynamicRuleCases + androidManifestCases

    @Test func theCasesCoverTheCatalogueInItsOrder() {
        #expect(Self.cases.map(\.description.id) == Catalogue.descriptions.map(\.id))
    }

    @Test func idsAreUniqueAndKebabCase() {
        let ids = Catalogue.descriptions.map(\.id)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.wholeMatch(of: /[a-z0-9]+(-[a-z0-9]+)*/) != nil, "\(id) is not kebab-case")
        }
    }

    @Test func everyDesignIDOfTheDocumentAppsAndRulesAreasExists() {
        let required = [
            "fetch-dns", "fetch-connect", "fetch-timeout", "tls-untrusted", "tls-hostname", "tls-expired",
            "tls-expiring", "tls-protocol", "http-status", "not-found", "redirect", "content-type", "too-large",
            "size-near-limit", "root-only", "locations-differ", "user-agent-blocked",
            "entitlement-app-missing", "entitlement-entry-format", "cdn-mismatch", "cdn-failure",
            "banner-argument", "banner-malformed", "rule-unused", "crawl-page-error",
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
        for c in Self.cases {
            let problems = c.exampleCountProblems()
            #expect(problems.isEmpty, "\(problems)")
        }
        for d in Catalogue.descriptions {
            #expect(!d.summary.hasSuffix("."), "\(d.id) summary ends with a period")
            #expect(d.reference.hasPrefix("https://"))
            #expect(d.rationale.count > 40)
        }
    }

    @Test(arguments: cases) func passingExamplesProduceNoFinding(_ c: CheckCase) {
        let problems = c.passingProblems()
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test(arguments: cases) func failingExamplesProduceFindingsExactlyWhereTheySay(_ c: CheckCase) {
        let problems = c.failingProblems()
        #expect(problems.isEmpty, "\(problems)")
    }

    /// Every passing example of every check is a clean file as far as errors go, so examples do not mislead.
    @Test(arguments: cases) func passingExamplesHaveNoErrorsFromAnyCheck(_ c: CheckCase) {
        let problems = c.passingErrors()
        #expect(problems.isEmpty, "\(problems)")
    }
}

/// Inputs the fuzzer found crashing, kept as seeds under Tests/Fuzz/corpus and checked here.
@Suite struct FuzzRegressionTests {
    /// `?` followed by a combining mark is one Character: a Character search for "?" found nothing and a force
    /// unwrap crashed query-in-path (Tests/Fuzz/corpus/matcher/regression-query-combining-mark).
    @Test func aCombiningMarkAfterAQuestionMarkIsStillReported() {
        let file = DecodedFile(
            bytes: Array(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.a.b"], "components": [{"/": "$?\#u{618}9=9"}]}]}}"#
                    .utf8))
        let findings = Catalogue.check(file).filter { $0.id == "query-in-path" }
        #expect(findings.count == 1)
        #expect(findings.first?.hint.hasPrefix(#"Use a component: {"/": "$", "?""#) == true, "\(findings)")
    }
}
