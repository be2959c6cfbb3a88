import AASA
import Audit
import Foundation

/// Escapes text for HTML and XML: every piece of site content goes through here.
public func escapeHTML(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text.unicodeScalars {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default:
            // Control characters are not allowed in XML 1.0; show them instead of writing invalid markup.
            if c.value < 0x20 && c != "\n" && c != "\t" && c != "\r" {
                out += "\\u{\(String(c.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(c)
            }
        }
    }
    return out
}

/// `--format markdown`: a short summary for a pull-request comment or a CI job summary.
public enum MarkdownReport {
    public static func render(_ report: AuditReport) -> String {
        let s = report.summary
        var lines = [
            "### Universal Links audit: \(s.failed == 0 ? (s.warned == 0 ? "all pass" : "warnings") : "\(s.failed) failing")",
            "",
            "\(s.domains) domain(s): \(s.passed) pass, \(s.warned) warn, \(s.failed) fail · \(s.errors) errors, \(s.warnings) warnings"
                + (s.urlsTested > 0 ? " · \(s.urlsOpeningApp) of \(s.urlsTested) crawled URLs open an app" : ""),
            "",
            "| domain | verdict | findings |",
            "|---|---|---|",
        ]
        for d in report.domains {
            var ids: [String] = []
            for f in d.findings where f.severity >= .warning && !ids.contains(f.id) { ids.append(f.id) }
            let icon = d.verdict == .pass ? "✅" : d.verdict == .warn ? "⚠️" : "❌"
            lines.append(
                "| \(md(d.domain)) | \(icon) \(d.verdict.rawValue) | \(ids.map { "`\($0)`" }.joined(separator: " ")) |")
        }
        if let changes = report.changes, !changes.isEmpty {
            lines += ["", "**Changes since the baseline:** " + changes.headline]
        }
        if report.interrupted { lines += ["", "_Interrupted: \(report.notAudited.count) domain(s) not audited._"] }
        return lines.joined(separator: "\n") + "\n"
    }

    static func md(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "<", with: "&lt;")
    }
}

/// `--format junit`: one suite per domain, one case per check, a failure per finding at or above --fail-on.
public enum JUnitReport {
    public static func render(_ report: AuditReport, failOn: Severity) -> String {
        var out = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
        let failures = report.domains.flatMap(\.findings).filter { $0.severity >= failOn }.count
        out +=
            #"<testsuites name="aasa-audit" tests="\#(report.domains.count * Catalogue.descriptions.count)" failures="\#(failures)">"#
            + "\n"
        for domain in report.domains {
            let failing = domain.findings.filter { $0.severity >= failOn }
            out +=
                #"  <testsuite name="\#(escapeHTML(domain.domain))" tests="\#(Catalogue.descriptions.count)" failures="\#(failing.count)">"#
                + "\n"
            for check in Catalogue.descriptions {
                let mine = failing.filter { $0.id == check.id }
                out += #"    <testcase classname="\#(escapeHTML(domain.domain))" name="\#(check.id)""#
                if mine.isEmpty {
                    out += "/>\n"
                } else {
                    out += ">\n"
                    for finding in mine {
                        out +=
                            #"      <failure type="\#(finding.severity.rawValue)" message="\#(escapeHTML(finding.message))">"#
                        out += escapeHTML(
                            "\(FindingsCSV.location(finding.location))\nwhy: \(finding.why)\nfix: \(finding.hint)")
                        out += "</failure>\n"
                    }
                    out += "    </testcase>\n"
                }
            }
            out += "  </testsuite>\n"
        }
        return out + "</testsuites>\n"
    }
}

/// `check --format sarif`: SARIF 2.1.0 with rule metadata from the catalogue, so code scanning annotates the file.
public enum SARIFReport {
    public static func render(file: String, findings: [Finding], version: String) throws -> String {
        func level(_ s: Severity) -> String { s == .error ? "error" : s == .warning ? "warning" : "note" }
        let rules: [[String: Any]] = Catalogue.descriptions.map { d in
            [
                "id": d.id, "name": d.id, "shortDescription": ["text": d.summary],
                "fullDescription": ["text": d.rationale],
                "helpUri": d.reference, "defaultConfiguration": ["level": level(d.severity)],
            ]
        }
        let results: [[String: Any]] = findings.map { f in
            var region: [String: Any] = [:]
            if let line = f.location.line { region["startLine"] = line }
            if let column = f.location.column { region["startColumn"] = column }
            var physical: [String: Any] = ["artifactLocation": ["uri": file]]
            if !region.isEmpty { physical["region"] = region }
            var result: [String: Any] = [
                "ruleId": f.id, "level": level(f.severity),
                "message": ["text": "\(f.message) Why: \(f.why) Fix: \(f.hint)"],
                "locations": [["physicalLocation": physical]],
            ]
            if let pointer = f.location.pointer { result["properties"] = ["jsonPointer": pointer] }
            return result
        }
        let sarif: [String: Any] = [
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
            "runs": [
                [
                    "tool": [
                        "driver": [
                            "name": "aasa-audit", "version": version, "informationUri": "https://github.com/aasa-audit",
                            "rules": rules,
                        ]
                    ],
                    "results": results,
                ]
            ],
        ]
        let data = try JSONSerialization.data(
            withJSONObject: sarif, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
