import AASA
import Audit
import Foundation

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
            for f in d.findings where f.reaches(.warning) && !ids.contains(f.id) { ids.append(f.id) }
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
