import AASA

/// The check catalogue as an aligned text table and as docs/checks.md's Markdown table.
enum RulesTable {
    /// `terminal`: Markdown's code spans become plain text, or bold when colour is on; a terminal shows no backticks.
    static func text(_ descriptions: [CheckDescription], terminal: Terminal = Terminal(colour: false)) -> String {
        let width = descriptions.map(\.id.count).max() ?? 0
        let indent = String(repeating: " ", count: width + 2 + 10 + 9)
        return descriptions.map { d in
            let id = d.id + String(repeating: " ", count: width - d.id.count)
            let area = d.area.rawValue + String(repeating: " ", count: max(0, 9 - d.area.rawValue.count))
            let severity = d.severity.rawValue + String(repeating: " ", count: 8 - d.severity.rawValue.count)
            let changes = d.severityChanges.map { "\n\(indent)or \(plain($0.text, terminal))" }.joined()
            return "\(id)  \(area) \(severity) \(plain(d.summary, terminal))\(changes)"
        }.joined(separator: "\n")
    }

    /// `text` with each `code span` unquoted (bold when `terminal` paints); an unpaired backtick stays.
    static func plain(_ text: String, _ terminal: Terminal) -> String {
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count > 2 else { return text }
        var out = ""
        for (i, part) in parts.enumerated() {
            if i % 2 == 0 {
                out += part
            } else if i == parts.count - 1 {
                out += "`" + part
            } else {
                out += terminal.paint(String(part), "1")
            }
        }
        return out
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
