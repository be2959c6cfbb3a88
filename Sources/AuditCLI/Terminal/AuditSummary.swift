import AASA
import Audit

/// The plain-text summary on stdout.
enum AuditSummary {
    static func render(_ report: AuditReport, terminal: Terminal, reportPath: String?) -> String {
        let s = report.summary
        var lines = [
            "aasa-audit: \(s.domains) domain(s): \(s.passed) pass, \(s.warned) warn, \(s.failed) fail "
                + "(\(s.errors) errors, \(s.warnings) warnings, \(s.infos) infos)"
        ]
        if report.interrupted {
            lines.append(
                "interrupted: \(report.notAudited.count) domain(s) not audited: \(report.notAudited.joined(separator: ", "))"
            )
        }
        let width = report.domains.map(\.domain.count).max() ?? 0
        for domain in report.domains {
            let verdict: String
            switch domain.verdict {
            case .pass: verdict = terminal.paint("pass", "1;32")
            case .warn: verdict = terminal.paint("warn", "1;33")
            case .fail: verdict = terminal.paint("fail", "1;31")
            }
            var ids: [String] = []
            for f in domain.findings where f.reaches(.warning) && !ids.contains(f.id) { ids.append(f.id) }
            let padded = domain.domain + String(repeating: " ", count: width - domain.domain.count)
            lines.append("  \(verdict)  \(padded)  \(ids.joined(separator: ", "))")
            for finding in domain.findings where finding.severity == .error || (finding.omitted?.errors ?? 0) > 0 {
                lines.append("        \(finding.id): \(finding.message)")
            }
            if let crawl = domain.crawl {
                let opening = domain.urls.tally().opening
                lines.append(
                    "        crawl: \(crawl.pagesFetched) pages, \(crawl.urlsDiscovered) URLs, \(opening) open an app; "
                        + "stopped: \(crawl.stoppedBecause)")
            }
        }
        if let entitlements = report.entitlements {
            lines.append(
                "entitlements \(entitlements.file) (\(entitlements.appID ?? "no app ID")): \(entitlements.entries.count) entries"
            )
            for finding in entitlements.findings where finding.severity >= .warning {
                lines.append("        \(finding.id): \(finding.message)")
            }
        }
        if let changes = report.changes { lines.append("changes since \(changes.baseline): \(changes.headline)") }
        if let reportPath { lines.append("report: \(reportPath)") }
        return lines.joined(separator: "\n")
    }
}
