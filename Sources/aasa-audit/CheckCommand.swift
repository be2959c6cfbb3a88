import AASA
import Foundation
import Reporting

/// `aasa-audit check FILE`: validate a local AASA file before deploying it.
enum CheckCommand {
    static let usage = """
        usage: aasa-audit check FILE [--json | --format text|json|sarif] [--fail-on error|warning|info]

        Validates a local apple-app-site-association file (JSON or CMS-signed; "-" reads stdin) with every
        document, app ID and rule check, and shows each finding on its line with why it matters and how to fix it.
        --format sarif writes SARIF 2.1.0 for code-scanning annotations in a pull request.
        Exit status: 0 no finding at or above --fail-on (default error), 1 such findings, 2 usage error.
        """

    struct Output: Encodable {
        var file: String
        var signed: Bool
        var signer: [SignedCertificate]?
        var apps: [AppServices]
        var findings: [Finding]
    }

    static func run(_ arguments: [String]) throws -> ExitCode {
        var args = Arguments(arguments, usage: usage)
        var format = try args.value("--format") ?? "text"
        if args.flag("--json") { format = "json" }
        guard ["text", "json", "sarif"].contains(format) else {
            throw UsageError(message: "unknown --format \(format): text, json or sarif", usage: usage)
        }
        let failOn = try parseSeverity(try args.value("--fail-on") ?? "error", usage: usage)
        let files = try args.positionals()
        guard files.count == 1 else {
            throw UsageError(message: files.isEmpty ? "missing FILE" : "check takes one FILE", usage: usage)
        }
        let path = files[0]
        let file = DecodedFile(bytes: try readInput(path, usage: usage))
        let findings = Catalogue.check(file)
        let apps = file.document.map(AppServices.list) ?? []
        if format == "sarif" {
            Terminal.out(try SARIFReport.render(file: path, findings: findings, version: version), terminator: "")
        } else if format == "json" {
            Terminal.out(
                try jsonText(
                    Output(
                        file: path, signed: file.signed != nil, signer: file.signed?.certificates, apps: apps,
                        findings: findings)))
        } else {
            Terminal.out(FindingPrinter(terminal: .standard, file: file, name: path).render(findings, apps: apps))
        }
        return findings.contains { $0.severity >= failOn } ? .findings : .success
    }
}

func parseSeverity(_ text: String, usage: String) throws -> Severity {
    guard let severity = Severity(rawValue: text) else {
        throw UsageError(message: "--fail-on takes error, warning or info, not \(text)", usage: usage)
    }
    return severity
}

/// Findings for people: grouped by severity, each with the offending line and a caret under the column.
struct FindingPrinter {
    let terminal: Terminal
    let file: DecodedFile
    let name: String

    func render(_ findings: [Finding], apps: [AppServices]) -> String {
        let lines = file.lines
        var out: [String] = []
        let counts = Severity.allCases.reversed().map { s in
            "\(findings.filter { $0.severity == s }.count) \(s.rawValue)s"
        }
        out.append("\(name): \(counts.joined(separator: ", "))" + (file.signed != nil ? " (CMS-signed file)" : ""))
        if !apps.isEmpty {
            out.append(
                "apps: " + apps.map { "\($0.appID) (\($0.services.joined(separator: ", ")))" }.joined(separator: "; "))
        }
        for finding in findings {
            out.append("")
            var head = "\(terminal.severity(finding.severity))[\(finding.id)] \(name)"
            if let line = finding.location.line, let column = finding.location.column { head += ":\(line):\(column)" }
            if let pointer = finding.location.pointer { head += "  \(pointer.isEmpty ? "(top level)" : pointer)" }
            out.append(head)
            out.append("  " + finding.message)
            if let line = finding.location.line, let column = finding.location.column, line - 1 < lines.count,
                file.encodingProblem == nil, file.signedError == nil
            {
                // Long (minified) lines: show a window around the column.
                let text = Array(String(lines[line - 1]).replacingOccurrences(of: "\t", with: " "))
                let start = text.count > 160 ? max(0, min(column - 60, text.count - 160)) : 0
                let shown = String(text[start..<min(text.count, start + 160)])
                let offset = column - 1 - start
                let number = String(line)
                out.append("  \(String(repeating: " ", count: max(0, 5 - number.count)))\(number) | \(shown)")
                out.append("        | \(String(repeating: " ", count: max(0, offset)))\(terminal.paint("^", "1;32"))")
            }
            out.append("  why: " + finding.why)
            out.append("  fix: " + finding.hint)
            if let reference = finding.reference { out.append("  see: " + reference) }
        }
        return out.joined(separator: "\n")
    }
}
