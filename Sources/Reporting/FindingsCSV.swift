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
        "domain", "id", "severity", "message", "url", "pointer", "line", "column", "hint", "reference",
    ]

    /// Apple's page behind each check, for findings read from reports that did not carry one.
    static let references = Dictionary(
        Catalogue.descriptions.map { ($0.id, $0.reference) }, uniquingKeysWith: { first, _ in first })

    public static func render(_ report: AuditReport) -> String {
        let values: [(Row) -> String] = [
            { $0.domain }, { $0.finding.id }, { $0.finding.severity.rawValue }, { $0.finding.message },
            { $0.finding.location.url ?? "" }, { $0.finding.location.pointer ?? "" },
            { $0.finding.location.line.map(String.init) ?? "" }, { $0.finding.location.column.map(String.init) ?? "" },
            { $0.finding.hint }, { $0.finding.reference ?? references[$0.finding.id] ?? "" },
        ]
        var rows = report.domains.flatMap { d in d.findings.map { Row(domain: d.domain, finding: $0) } }
        rows += (report.entitlements?.findings ?? []).map { Row(domain: "(entitlements)", finding: $0) }
        return CSV.Table(Array(zip(headers, values))).render(rows)
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
