import Testing

@testable import AASA

/// The per-check cap on findings: applied while collecting, with every finding still counted.
@Suite struct FindingSinkTests {
    static let check = CheckDescription(
        id: "test-many", area: .document, severity: .warning, summary: "A check that reports a lot",
        rationale: "Exists to fill a sink past its cap.", reference: "https://example.com/")

    static func fill(_ sink: inout FindingSink, _ count: Int, severity: (Int) -> Severity = { _ in .warning }) {
        for i in 0..<count {
            sink.add(
                check, at: SourcePosition(line: 1, column: i + 1, offset: i), pointer: "/\(i)", severity: severity(i),
                "Finding \(i).", why: "Because.", fix: "Fix it.")
        }
    }

    @Test func theFirstHundredAreKeptAndTheRestCountedBySeverity() {
        var sink = FindingSink(url: "file.json")
        Self.fill(&sink, 1_000) { $0 % 10 == 0 ? .error : .warning }
        let findings = sink.findings
        #expect(findings.count == FindingSink.defaultLimit + 1)
        #expect(findings.prefix(100).map(\.location.pointer) == (0..<100).map { "/\($0)" })
        let last = findings[100]
        #expect(last.id == "findings-truncated" && last.severity == .info)
        #expect(last.omitted == OmittedFindings(check: "test-many", errors: 90, warnings: 810))
        #expect(last.location == FindingLocation(url: "file.json", pointer: "/100", line: 1, column: 101))
        #expect(last.message.hasPrefix("test-many raised 900 more findings in this file (90 errors, 810 warnings)"))
        #expect(findings.count(.error) == 100 && findings.count(.warning) == 900 && findings.count(.info) == 1)
        #expect(findings.count(atLeast: .warning) == 1_000)
        #expect(findings.contains(atLeast: .error))
    }

    @Test func anErrorLeftOutStillCountsForVerdicts() {
        var sink = FindingSink(limit: 2)
        Self.fill(&sink, 3) { $0 == 2 ? .error : .warning }
        let findings = sink.findings
        #expect(!findings.contains { $0.severity == .error }, "the error itself is not listed")
        #expect(findings.contains(atLeast: .error), "but it counts")
        #expect(findings.count(.error) == 1)
    }

    @Test func eachCheckHasItsOwnCapAndNothingChangesBelowIt() {
        var sink = FindingSink()
        Self.fill(&sink, 100)
        sink.add(UnknownKey.description, at: nil, pointer: "/x", "Other.", why: "Because.", fix: "Fix it.")
        #expect(sink.findings.count == 101)
        #expect(!sink.findings.contains { $0.id == "findings-truncated" })
        #expect(sink.omitted.isEmpty)
    }

    /// A file with 64,000 findings of one check keeps 100 of them: the collecting itself is bounded.
    @Test func aHugeFileKeepsAHundredFindingsPerCheck() {
        let file = DecodedFile(
            bytes: Array(
                FindingsTruncatedExample.unknownKeys(5_000).utf8))
        let findings = Catalogue.check(file)
        #expect(findings.filter { $0.id == "unknown-key" }.count == 100)
        let truncation = findings.first { $0.id == "findings-truncated" }
        #expect(truncation?.omitted == OmittedFindings(check: "unknown-key", warnings: 4_900))
        // The example file's catch-all rule also raises rule-captures-sensitive: only unknown-key's are counted here.
        #expect(findings.filter { $0.id == "unknown-key" || $0.id == "findings-truncated" }.count(.warning) == 5_000)
    }

    @Test func numbersAreGroupedInMessages() {
        var sink = FindingSink(limit: 0)
        Self.fill(&sink, 63_900)
        #expect(sink.findings.first?.message.hasPrefix("test-many raised 63,900 more findings") == true)
    }

    /// The sink makes its truncation finding from `TruncationFinding`, beside it, not through the catalogue: the
    /// check `rules` lists shows that same description, and the page it cites is the checks' Apple page.
    @Test func theTruncationFindingIsTheOneTheCatalogueDescribes() {
        var sink = FindingSink(limit: 0)
        Self.fill(&sink, 1)
        let finding = sink.findings.first
        #expect(
            finding?.id == FindingsTruncated.description.id
                && finding?.severity == FindingsTruncated.description.severity)
        #expect(finding?.reference == AppleDocs.supportingAssociatedDomains)
        #expect(TruncationFinding.description.reference == AppleDocs.supportingAssociatedDomains)
        #expect(Catalogue.descriptions.contains { $0.id == TruncationFinding.description.id })
    }
}

enum FindingsTruncatedExample {
    /// A valid file with `count` unknown top-level keys.
    static func unknownKeys(_ count: Int) -> String {
        let keys = (0..<count).map { "\"x\($0)\": 1" }.joined(separator: ", ")
        return #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "paths": ["*"]}]}, "# + keys + "}"
    }
}
