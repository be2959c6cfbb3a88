import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// Exit status, terminal summary, report.json, report.html, findings.csv, report.junit.xml and summary.md tell
/// the same story about every finding: the real binary on fixture scenarios, every format at once.
@Suite struct FormatAgreementTests {
    static let server = FixtureServer.shared
    static let entitlements = Binary.root.appendingPathComponent("Tests/Fixtures/entitlements")

    struct Scenario: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var failOn: Severity
        var testDescription: String { arguments.joined(separator: " ") + " --fail-on \(failOn.rawValue)" }
    }

    static let scenarios = [
        Scenario(arguments: ["good.aasa.test"], failOn: .error),
        Scenario(arguments: ["notfound.aasa.test", "expiring.aasa.test", "textplain.aasa.test"], failOn: .info),
        Scenario(
            arguments: ["--entitlements", entitlements.appendingPathComponent("App.entitlements").path], failOn: .error),
        Scenario(
            arguments: [
                "--entitlements", entitlements.appendingPathComponent("domains.txt").path, "--app-id",
                "9JA89QQLNQ.com.acme.shop", "textplain.aasa.test",
            ], failOn: .warning),
        Scenario(arguments: ["badjson.aasa.test", "badappid.aasa.test", "termescape.aasa.test"], failOn: .warning),
    ]

    /// Findings per severity, as one format tells them.
    typealias Counts = [Severity: Int]

    @Test(arguments: scenarios) func everyFormatCountsTheSameFindings(_ scenario: Scenario) async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-agree-\(UUID().uuidString)")
        let result = try await Binary.run(
            ["audit"] + scenario.arguments + Self.server.auditArguments + [
                "--timeout", FixtureServer.roomyTimeout, "--out", out.path, "--format", "json,html,csv,junit,markdown",
                "--fail-on",
                scenario.failOn.rawValue,
            ], environment: ["NO_COLOR": "1"])
        func read(_ name: String) throws -> String {
            try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
        }

        // report.json is the reference.
        let report = try AuditReport.decode(Data(contentsOf: out.appendingPathComponent("report.json")))
        let all = report.domains.flatMap(\.findings) + (report.entitlements?.findings ?? [])
        let json = Dictionary(grouping: all, by: \.severity).mapValues(\.count)
        func same(_ counts: Counts, _ format: String, only: [Severity] = Severity.allCases) {
            for s in only {
                #expect(counts[s, default: 0] == json[s, default: 0], "\(format): \(s.rawValue)s")
            }
        }
        same(
            [.error: report.summary.errors, .warning: report.summary.warnings, .info: report.summary.infos],
            "report.json's summary")

        // Exit status: 1 exactly when a finding is at or above --fail-on.
        let failing = all.contains { $0.severity >= scenario.failOn }
        #expect(result.status == (failing ? 1 : 0), "\(result.stdout)\(result.stderr)")

        // Terminal summary: "(E errors, W warnings, I infos)".
        let headline = try #require(result.stdout.firstMatch(of: /\((\d+) errors, (\d+) warnings, (\d+) infos\)/))
        same(
            [.error: Int(headline.1)!, .warning: Int(headline.2)!, .info: Int(headline.3)!], "terminal summary")

        // report.html: one block per finding, classed by severity.
        let html = try read("report.html")
        var htmlCounts: Counts = [:]
        for s in Severity.allCases {
            htmlCounts[s] = html.components(separatedBy: "<div class=\"finding \(s.rawValue)\">").count - 1
        }
        same(htmlCounts, "report.html")

        // findings.csv: one row per finding.
        let rows = Self.csvRows(try read("findings.csv"))
        let column = try #require(rows.first?.firstIndex(of: "severity"))
        var csvCounts: Counts = [:]
        for row in rows.dropFirst() { csvCounts[Severity(rawValue: row[column])!, default: 0] += 1 }
        same(csvCounts, "findings.csv")

        // report.junit.xml: a failure per finding at or above --fail-on, typed by severity.
        let junit = try read("report.junit.xml")
        var junitCounts: Counts = [:]
        for s in Severity.allCases {
            junitCounts[s] = junit.components(separatedBy: "<failure type=\"\(s.rawValue)\"").count - 1
        }
        let reported = Severity.allCases.filter { $0 >= scenario.failOn }
        same(junitCounts, "report.junit.xml", only: reported)
        for s in Severity.allCases where s < scenario.failOn { #expect(junitCounts[s] == 0) }
        let total = reported.map { json[$0, default: 0] }.reduce(0, +)
        #expect(junit.contains(#"<testsuites name="aasa-audit" tests="#) && junit.contains(#" failures="\#(total)">"#))

        // summary.md: the counts, a fail row for every domain (or entitlements file) with an error, and a
        // headline that passes only when nothing warns or fails.
        let markdown = try read("summary.md")
        let line = try #require(markdown.firstMatch(of: /· (\d+) errors, (\d+) warnings/))
        same([.error: Int(line.1)!, .warning: Int(line.2)!], "summary.md", only: [.error, .warning])
        var groups = report.domains.map(\.findings)
        if let e = report.entitlements { groups.append(e.findings) }
        let failingRows = groups.filter { $0.contains { $0.severity == .error } }.count
        #expect(markdown.components(separatedBy: "| ❌ fail |").count - 1 == failingRows, "\(markdown)")
        #expect(
            markdown.hasPrefix("### Universal Links audit: all pass")
                == (json[.error, default: 0] == 0 && json[.warning, default: 0] == 0), "\(markdown)")
        // The terminal and the HTML give each domain, and the entitlements file, the same verdict.
        #expect(html.components(separatedBy: #"<span class="badge fail">fail</span></h2>"#).count - 1 == failingRows)
        #expect(
            result.stdout.split(separator: "\n").filter { $0.hasPrefix("  fail  ") }.count == failingRows,
            "\(result.stdout)")
        // The headline counts failing domains as report.json's summary does; the entitlements file is named apart.
        let failed = report.summary.failed
        if failed > 0 {
            #expect(markdown.hasPrefix("### Universal Links audit: \(failed) failing domain"), "\(markdown)")
            #expect(html.contains("<h1>Universal Links audit: \(failed) failing domain"))
        }
        let entitlementsFail = report.entitlements.map { DomainReport.verdict($0.findings) == .fail } ?? false
        #expect(markdown.split(separator: "\n")[0].contains("entitlements failing") == entitlementsFail)
    }

    /// RFC 4180 rows (quoted cells may hold commas, quotes and line breaks).
    static func csvRows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var cell = ""
        var quoted = false
        var scalars = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar?
        while let c = pending ?? scalars.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    let next = scalars.next()
                    if next == "\"" { cell.unicodeScalars.append(c) } else { quoted = false; pending = next }
                } else {
                    cell.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                row.append(cell)
                cell = ""
            } else if c == "\r" {
                continue
            } else if c == "\n" {
                row.append(cell)
                rows.append(row)
                row = []
                cell = ""
            } else {
                cell.unicodeScalars.append(c)
            }
        }
        if !cell.isEmpty || !row.isEmpty { rows.append(row + [cell]) }
        return rows
    }
}
