import AASA
import Audit
import Foundation

/// `findings.csv`: one row per finding, entitlement findings included.
public enum FindingsCSV {
    struct Row {
        var domain: String
        var finding: Finding
    }

    public static func render(_ report: AuditReport) -> String {
        let table = CSV.Table<Row>([
            ("domain", { $0.domain }), ("id", { $0.finding.id }), ("severity", { $0.finding.severity.rawValue }),
            ("message", { $0.finding.message }), ("location", { location($0.finding.location) }),
            ("hint", { $0.finding.hint }),
        ])
        var rows = report.domains.flatMap { d in d.findings.map { Row(domain: d.domain, finding: $0) } }
        rows += (report.entitlements?.findings ?? []).map { Row(domain: "(entitlements)", finding: $0) }
        return table.render(rows)
    }

    static func location(_ l: FindingLocation) -> String {
        var parts: [String] = []
        if let url = l.url { parts.append(url) }
        if let pointer = l.pointer { parts.append(pointer.isEmpty ? "(top level)" : pointer) }
        if let line = l.line { parts.append("line \(line)" + (l.column.map { ", column \($0)" } ?? "")) }
        return parts.joined(separator: " ")
    }
}
