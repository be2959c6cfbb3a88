import AASA
import Audit
import Foundation

/// `findings.csv`: one row per finding, entitlement findings included, its location in four columns.
public enum FindingsCSV {
    struct Row {
        var domain: String
        var finding: Finding
    }

    /// The columns, in order: a public contract like the report's fields.
    public static let headers = [
        "domain", "id", "severity", "message", "url", "pointer", "line", "column", "hint", "reference", "suppressed",
        "suppressed_reason",
    ]

    /// Apple's page behind each check, for findings read from reports that did not carry one.
    static let references = Dictionary(
        Catalogue.descriptions.map { ($0.id, $0.reference) }, uniquingKeysWith: { first, _ in first })

    public static func render(_ report: AuditReport) -> String {
        var text = ""
        // In memory nothing throws.
        try? render(StreamedReport(report)) { text += $0 }
        return text
    }

    /// The table in pieces; only domains with findings are read again.
    public static func render(_ report: StreamedReport, into sink: (String) throws -> Void) throws {
        let values: [(Row) -> String] = [
            { $0.domain }, { $0.finding.id }, { $0.finding.severity.rawValue }, { $0.finding.message },
            { $0.finding.location.url ?? "" }, { $0.finding.location.pointer ?? "" },
            { $0.finding.location.line.map(String.init) ?? "" }, { $0.finding.location.column.map(String.init) ?? "" },
            { $0.finding.hint }, { $0.finding.reference ?? references[$0.finding.id] ?? "" },
            { $0.finding.isSuppressed ? "yes" : "no" }, { $0.finding.suppressedReason ?? "" },
        ]
        try CSV.Table(Array(zip(headers, values))).render(into: sink) { row in
            for entry in report.domains.entries where entry.reaches(.info) || entry.suppressed > 0 {
                let d = try report.domains.load(entry)
                for finding in d.findings { try row(Row(domain: d.domain, finding: finding)) }
            }
            for finding in report.header.entitlements?.findings ?? [] {
                try row(Row(domain: "(entitlements)", finding: finding))
            }
        }
    }

    /// A location in one line of prose, for the HTML and JUnit reports.
    static func location(_ l: FindingLocation) -> String {
        var parts: [String] = []
        if let url = l.url { parts.append(url) }
        if let pointer = l.pointer { parts.append(pointer.isEmpty ? "(top level)" : pointer) }
        if let line = l.line { parts.append("line \(line)" + (l.column.map { ", column \($0)" } ?? "")) }
        return parts.joined(separator: " ")
    }
}
