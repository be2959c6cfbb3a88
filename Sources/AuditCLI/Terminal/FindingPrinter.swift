import AASA
import Foundation

/// Findings for people: grouped by severity, each with the offending line and a caret under the column.
struct FindingPrinter {
    let terminal: Terminal
    let file: DecodedFile
    let name: String

    func render(_ findings: [Finding], apps: [AppServices]) -> String {
        let lines = file.lines
        var out: [String] = []
        // Counted with what a findings-truncated finding stands for, so a capped file shows its real size.
        var counts = Severity.allCases.reversed().map { s in "\(findings.count(s)) \(s.rawValue)s" }
        let suppressed = findings.suppressedCount
        if suppressed > 0 { counts.append("\(suppressed) suppressed") }
        // Each quoted line is split into characters once, not once per finding: a minified file is one line
        // with thousands of findings on it.
        var quoted: [Int: [Character]] = [:]
        out.append(
            "\(Terminal.safe(name)): \(counts.joined(separator: ", "))"
                + (file.signed != nil ? " (CMS-signed file)" : ""))
        if !apps.isEmpty {
            out.append(
                "apps: "
                    + Terminal.safe(
                        apps.map { "\($0.appID) (\($0.services.joined(separator: ", ")))" }.joined(separator: "; ")))
        }
        for finding in findings where !finding.isSuppressed {
            out.append("")
            var head = "\(terminal.severity(finding.severity))[\(Terminal.safe(finding.id))] \(Terminal.safe(name))"
            if let line = finding.location.line, let column = finding.location.column { head += ":\(line):\(column)" }
            if let pointer = finding.location.pointer {
                head += "  \(pointer.isEmpty ? "(top level)" : Terminal.safe(pointer))"
            }
            out.append(head)
            out += terminal.wrap(Terminal.safe(finding.message), prefix: "  ", indent: "  ")
            if let line = finding.location.line, let column = finding.location.column, line - 1 < lines.count,
                file.encodingProblem == nil, file.signedError == nil
            {
                // Long (minified) lines: show a window around the column.
                let text: [Character]
                if let cached = quoted[line] {
                    text = cached
                } else {
                    text = lines[line - 1].map { $0 == "\t" ? " " : $0 }
                    quoted[line] = text
                }
                let start = text.count > 160 ? max(0, min(column - 60, text.count - 160)) : 0
                // Escaped as shown: the caret moves right by what the escapes before the column added.
                let shown = Terminal.safe(String(text[start..<min(text.count, start + 160)]))
                let before = text[start..<min(text.count, max(start, column - 1))]
                let offset = column - 1 - start + Terminal.safe(String(before)).count - before.count
                let number = String(line)
                out.append("  \(String(repeating: " ", count: max(0, 5 - number.count)))\(number) | \(shown)")
                out.append("        | \(String(repeating: " ", count: max(0, offset)))\(terminal.paint("^", "1;32"))")
            }
            out += terminal.wrap(Terminal.safe(finding.why), prefix: "  why: ", indent: "       ")
            out += terminal.wrap(Terminal.safe(finding.hint), prefix: "  fix: ", indent: "       ")
            if let reference = finding.reference { out.append("  see: " + Terminal.safe(reference)) }
        }
        // Suppressed findings one line each, so what a config file silences stays in sight.
        let silenced = findings.filter(\.isSuppressed)
        if !silenced.isEmpty { out.append("") }
        for finding in silenced {
            var place = Terminal.safe(name)
            if let line = finding.location.line, let column = finding.location.column { place += ":\(line):\(column)" }
            out.append(
                "suppressed[\(Terminal.safe(finding.id))] \(place): "
                    + Terminal.safe(finding.suppressedReason ?? ""))
        }
        return out.joined(separator: "\n")
    }
}
