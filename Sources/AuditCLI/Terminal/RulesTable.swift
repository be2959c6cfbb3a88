import AASA

/// The check catalogue as an aligned text table and as docs/checks.md's Markdown table.
enum RulesTable {
    static func text(_ descriptions: [CheckDescription]) -> String {
        let width = descriptions.map(\.id.count).max() ?? 0
        let indent = String(repeating: " ", count: width + 2 + 10 + 9)
        return descriptions.map { d in
            let id = d.id + String(repeating: " ", count: width - d.id.count)
            let area = d.area.rawValue + String(repeating: " ", count: max(0, 9 - d.area.rawValue.count))
            let severity = d.severity.rawValue + String(repeating: " ", count: 8 - d.severity.rawValue.count)
            let changes = d.severityChanges.map { "\n\(indent)or \($0.text)" }.joined()
            return "\(id)  \(area) \(severity) \(d.summary)\(changes)"
        }.joined(separator: "\n")
    }

    static func markdown(_ descriptions: [CheckDescription]) -> String {
        var lines = ["| ID | area | severity | what it demands |", "|---|---|---|---|"]
        for d in descriptions {
            lines.append("| `\(d.id)` | \(d.area.rawValue) | \(severity(d)) | \(d.summary) |")
        }
        return lines.joined(separator: "\n")
    }

    /// The default severity, then when it changes: "warning; error when …".
    static func severity(_ d: CheckDescription) -> String {
        ([d.severity.rawValue] + d.severityChanges.map(\.text)).joined(separator: "; ")
    }
}
