import AASA

/// The check catalogue as an aligned text table and as the README's Markdown table.
enum RulesTable {
    static func text(_ descriptions: [CheckDescription]) -> String {
        let width = descriptions.map(\.id.count).max() ?? 0
        return descriptions.map { d in
            let id = d.id + String(repeating: " ", count: width - d.id.count)
            let area = d.area.rawValue + String(repeating: " ", count: max(0, 9 - d.area.rawValue.count))
            let severity = d.severity.rawValue + String(repeating: " ", count: 8 - d.severity.rawValue.count)
            return "\(id)  \(area) \(severity) \(d.summary)"
        }.joined(separator: "\n")
    }

    static func markdown(_ descriptions: [CheckDescription]) -> String {
        var lines = ["| ID | area | severity | what it demands |", "|---|---|---|---|"]
        for d in descriptions {
            lines.append("| `\(d.id)` | \(d.area.rawValue) | \(d.severity.rawValue) | \(d.summary) |")
        }
        return lines.joined(separator: "\n")
    }
}
