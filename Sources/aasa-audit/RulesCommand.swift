import AASA

/// `aasa-audit rules`: the check catalogue, which is also the README's check table.
enum RulesCommand {
    static let usage = """
        usage: aasa-audit rules [--json | --markdown]

        Lists every check: its stable ID (monitoring scripts key on it), area, default severity and summary.
        """

    struct Entry: Encodable {
        var id: String
        var area: String
        var severity: Severity
        var summary: String
        var rationale: String
        var reference: String
    }

    static func run(_ arguments: [String]) throws -> ExitCode {
        var args = Arguments(arguments, usage: usage)
        let json = args.flag("--json")
        let markdown = args.flag("--markdown")
        guard try args.positionals().isEmpty else {
            throw UsageError(message: "rules takes no arguments", usage: usage)
        }
        let descriptions = Catalogue.descriptions
        if json {
            Terminal.out(
                try jsonText(
                    descriptions.map {
                        Entry(
                            id: $0.id, area: $0.area.rawValue, severity: $0.severity, summary: $0.summary,
                            rationale: $0.rationale, reference: $0.reference)
                    }))
        } else if markdown {
            Terminal.out(markdownTable(descriptions))
        } else {
            let width = descriptions.map(\.id.count).max() ?? 0
            for d in descriptions {
                let id = d.id + String(repeating: " ", count: width - d.id.count)
                let area = d.area.rawValue + String(repeating: " ", count: max(0, 9 - d.area.rawValue.count))
                let severity = d.severity.rawValue + String(repeating: " ", count: 8 - d.severity.rawValue.count)
                Terminal.out("\(id)  \(area) \(severity) \(d.summary)")
            }
        }
        return .success
    }

    static func markdownTable(_ descriptions: [CheckDescription]) -> String {
        var lines = ["| ID | area | severity | what it demands |", "|---|---|---|---|"]
        for d in descriptions {
            lines.append("| `\(d.id)` | \(d.area.rawValue) | \(d.severity.rawValue) | \(d.summary) |")
        }
        return lines.joined(separator: "\n")
    }
}
