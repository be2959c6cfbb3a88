import AASA
import Foundation
import Testing

/// `rules` explains every severity a check can give besides its default, so a report showing `error` for a
/// `warning` check is never a surprise: the examples and the code of every check are held to its list.
@Suite struct SeverityChangesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The severities each check may give: its default and every explained change.
    static func allowed(_ d: CheckDescription) -> Set<Severity> {
        Set([d.severity] + d.severityChanges.map(\.severity))
    }

    /// Severities a check's failing examples give that its description neither has as default nor explains.
    static func unexplained<C: Check>(_ check: C.Type) -> [String] {
        let allowed = allowed(check.description)
        return check.examples.failing.enumerated().flatMap { index, example in
            ExampleHarness.run(check, example.evidence).filter { !allowed.contains($0.severity) }.map {
                "\(check.description.id): failing example \(index) gives \($0.severity.rawValue): \($0.message)"
            }
        }
    }

    @Test func everySeverityAnExampleGivesIsTheDefaultOrExplained() {
        var problems: [String] = []
        for c in Catalogue.transportChecks { problems += Self.unexplained(c) }
        for c in Catalogue.documentChecks { problems += Self.unexplained(c) }
        for c in Catalogue.entitlementChecks { problems += Self.unexplained(c) }
        for c in Catalogue.associationChecks { problems += Self.unexplained(c) }
        for c in Catalogue.crawlChecks { problems += Self.unexplained(c) }
        for c in Catalogue.limitChecks { problems += Self.unexplained(c) }
        for c in Catalogue.linkChecks { problems += Self.unexplained(c) }
        for c in Catalogue.customSchemeChecks { problems += Self.unexplained(c) }
        for c in Catalogue.androidChecks { problems += Self.unexplained(c) }
        for c in Catalogue.androidFileChecks { problems += Self.unexplained(c) }
        for c in Catalogue.dynamicRuleChecks { problems += Self.unexplained(c) }
        for c in Catalogue.androidManifestChecks { problems += Self.unexplained(c) }
        #expect(problems.isEmpty, "\(problems)")
    }

    /// Examples do not reach every branch, so the code is read too: each severity literal a check's file passes
    /// (`severity: .error`, `inverted ? .error : .warning`) must be the default or explained.
    @Test func everySeverityTheCodeGivesIsTheDefaultOrExplained() throws {
        let folder = Self.root.appendingPathComponent("Sources/AASA/Checks")
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
        let typeNames =
            Catalogue.transportChecks.map { "\($0)" } + Catalogue.documentChecks.map { "\($0)" }
            + Catalogue.entitlementChecks.map { "\($0)" } + Catalogue.associationChecks.map { "\($0)" }
            + Catalogue.crawlChecks.map { "\($0)" } + Catalogue.customSchemeChecks.map { "\($0)" }
            + Catalogue.limitChecks.map { "\($0)" } + Catalogue.linkChecks.map { "\($0)" }
            + Catalogue.androidChecks.map { "\($0)" } + Catalogue.androidFileChecks.map { "\($0)" }
            + Catalogue.dynamicRuleChecks.map { "\($0)" } + Catalogue.androidManifestChecks.map { "\($0)" }
        var checked = 0
        for (name, d) in zip(typeNames, Catalogue.descriptions) {
            let path = try #require(files.first { $0.hasSuffix("/\(name).swift") }, "no file for \(name)")
            let source = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            let allowed = Self.allowed(d)
            for line in source.split(separator: "\n") where line.contains("severity:") {
                // The description's own line states the default.
                if line.contains("id: \"\(d.id)\"") || line.contains("area: .") { continue }
                let argument = line[line.range(of: "severity:")!.upperBound...]
                for severity in Severity.allCases where argument.contains(".\(severity.rawValue)") {
                    checked += 1
                    #expect(allowed.contains(severity), "\(d.id) gives \(severity.rawValue) unexplained: \(line)")
                }
            }
        }
        #expect(checked >= 10, "the scan found the overrides (user-agent-blocked, variable-definition, …)")
    }

    /// A wrongly described check is caught: user-agent-blocked without its change fails the example test.
    @Test func aMissingExplanationIsCaught() {
        var d = UserAgentBlocked.description
        #expect(Self.allowed(d).contains(.error))
        d.severityChanges = []
        let failing = UserAgentBlocked.examples.failing.flatMap {
            ExampleHarness.run(UserAgentBlocked.self, $0.evidence)
        }
        #expect(failing.contains { !Self.allowed(d).contains($0.severity) })
    }

    @Test func theChecksTheIssueNamesExplainWhenTheyEscalateOrRelax() {
        #expect(UserAgentBlocked.description.severityChanges.map(\.severity) == [.error])
        #expect(UserAgentBlocked.description.severityChanges[0].when.contains("AASA-Bot"))
        #expect(VariableDefinition.description.severityChanges.map(\.severity) == [.warning])
        for d in Catalogue.descriptions {
            for change in d.severityChanges {
                #expect(change.severity != d.severity, "\(d.id) repeats its default")
                #expect(!change.when.hasSuffix(".") && !change.when.isEmpty, "\(d.id): \(change.when)")
            }
        }
    }
}
