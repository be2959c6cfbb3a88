import AASA
import Testing

/// A check's examples, labelled by its ID in test output.
struct CheckCase: CustomTestStringConvertible, Sendable {
    let description: CheckDescription
    let run: @Sendable (ExampleInput) -> [Finding]
    var testDescription: String { description.id }

    init(_ check: any DocumentCheck.Type) {
        description = check.description
        run = { input in
            var sink = FindingSink()
            check.run(DecodedFile(bytes: input.bytes), into: &sink)
            return sink.findings
        }
    }

    init(_ check: any EntitlementCheck.Type) {
        description = check.description
        run = { input in
            guard case .entitlements(let lines) = input else { return [] }
            var sink = FindingSink()
            check.run(
                Entitlements(
                    file: "x", appID: nil, entries: lines.enumerated().map { EntitlementEntry(raw: $1, index: $0) }),
                into: &sink)
            return sink.findings
        }
    }

    init(_ check: any AssociationCheck.Type) {
        description = check.description
        run = { input in
            guard case .association(let association) = input else { return [] }
            var sink = FindingSink()
            check.run(association, into: &sink)
            return sink.findings
        }
    }

    init(_ check: any CrawlCheck.Type) {
        description = check.description
        run = { input in
            guard case .crawl(let evidence) = input else { return [] }
            var sink = FindingSink()
            check.run(evidence, into: &sink)
            return sink.findings
        }
    }

    init(_ check: any TransportCheck.Type) {
        description = check.description
        run = { input in
            guard case .probe(let probe) = input else {
                Issue.record("a transport example must be a probe")
                return []
            }
            var sink = FindingSink()
            check.run(probe, into: &sink)
            return sink.findings
        }
    }
}

@Suite struct CatalogueTests {
    static let cases =
        Catalogue.transportChecks.map(CheckCase.init) + Catalogue.documentChecks.map(CheckCase.init)
        + Catalogue.entitlementChecks.map(CheckCase.init) + Catalogue.associationChecks.map(CheckCase.init)
        + Catalogue.crawlChecks.map(CheckCase.init)

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
        findings.map { f in
            f.location.pointer ?? f.location.line.map { "\($0):\(f.location.column ?? 0)" } ?? f.location.url ?? "?"
        }.sorted()
    }

    @Test(arguments: cases) func passingExamplesProduceNoFinding(_ c: CheckCase) {
        for example in c.description.passing {
            let findings = c.run(example.input)
            #expect(findings.isEmpty, "\(c.description.id): \(findings.map(\.message))")
        }
    }

    @Test(arguments: cases) func failingExamplesProduceFindingsExactlyWhereTheySay(_ c: CheckCase) {
        for example in c.description.failing {
            let findings = c.run(example.input)
            #expect(
                Self.locations(findings) == example.pointers.sorted(), "\(c.description.id): \(findings.map(\.message))"
            )
            for finding in findings {
                #expect(finding.id == c.description.id)
                #expect(!finding.message.isEmpty && !finding.why.isEmpty && !finding.hint.isEmpty)
                if case .probe = example.input {
                    #expect(finding.location.url != nil, "a transport finding names the URL")
                } else if case .entitlements = example.input {
                    #expect(finding.location.pointer != nil, "an entitlement finding names the entry")
                } else if case .crawl = example.input {
                    #expect(finding.location.url != nil, "a crawl finding names the page or file")
                } else if case .association = example.input {
                    #expect(finding.location.pointer != nil, "an association finding names the entry")
                } else {
                    #expect(
                        finding.location.line != nil && finding.location.column != nil,
                        "every finding names line and column")
                }
            }
        }
    }

    /// Every passing example of every check is a clean file as far as errors go, so examples do not mislead.
    @Test(arguments: cases) func passingExamplesHaveNoErrorsFromAnyCheck(_ c: CheckCase) {
        for example in c.description.passing {
            let findings: [Finding]
            switch example.input {
            case .probe(let probe): findings = Catalogue.check(probe)
            case .entitlements, .crawl: findings = c.run(example.input)
            case .association(let association): findings = Catalogue.check(association.probe) + c.run(example.input)
            case .json, .bytes: findings = Catalogue.check(DecodedFile(bytes: example.input.bytes))
            }
            let errors = findings.filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(c.description.id): \(errors.map(\.message))")
        }
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
