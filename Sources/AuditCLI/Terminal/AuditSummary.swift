import AASA
import Audit

/// The plain-text summary on stdout.
enum AuditSummary {
    /// Site- and file-controlled text goes through `Terminal.safe`.
    static func render(_ report: AuditReport, terminal: Terminal, reportPath: String?) -> String {
        let s = report.summary
        var lines = [
            "aasa-audit: \(s.domains) domain(s): \(s.passed) pass, \(s.warned) warn, \(s.failed) fail "
                + "(\(s.errors) errors, \(s.warnings) warnings, \(s.infos) infos)"
        ]
        if report.interrupted {
            lines.append(
                "interrupted: \(report.notAudited.count) domain(s) not audited: \(safe(report.notAudited.joined(separator: ", ")))"
            )
        }
        let names = report.domains.map { safe($0.domain) }
        let width = names.map(\.count).max() ?? 0
        for (domain, name) in zip(report.domains, names) {
            let verdict = paint(domain.verdict, terminal)
            var ids: [String] = []
            for f in domain.findings where f.reaches(.warning) && !ids.contains(f.id) { ids.append(f.id) }
            let padded = name + String(repeating: " ", count: width - name.count)
            lines.append("  \(verdict)  \(padded)  \(safe(ids.joined(separator: ", ")))")
            for finding in domain.findings where finding.severity == .error || (finding.omitted?.errors ?? 0) > 0 {
                lines.append("        \(safe(finding.id)): \(safe(finding.message))")
            }
            if let crawl = domain.crawl {
                let opening = domain.urls.tally().opening
                lines.append(
                    "        crawl: \(crawl.pagesFetched) pages, \(crawl.urlsDiscovered) URLs, \(opening) open an app; "
                        + "stopped: \(safe(crawl.stoppedBecause))")
            }
        }
        if let entitlements = report.entitlements {
            lines.append(
                "  \(paint(DomainReport.verdict(entitlements.findings), terminal))  entitlements \(safe(entitlements.file)) (\(safe(entitlements.appID ?? "no app ID"))): "
                    + "\(entitlements.entries.count) entries"
            )
            for finding in entitlements.findings where finding.severity >= .warning {
                lines.append("        \(safe(finding.id)): \(safe(finding.message))")
            }
        }
        if let changes = report.changes {
            lines.append("changes since \(safe(changes.baseline)): \(safe(changes.headline))")
        }
        if let reportPath { lines.append("report: \(safe(reportPath))") }
        return lines.joined(separator: "\n")
    }

    /// A verdict as the summary shows it; the entitlements file gets one by the same rule as a domain.
    private static func paint(_ verdict: DomainReport.Verdict, _ terminal: Terminal) -> String {
        switch verdict {
        case .pass: terminal.paint("pass", "1;32")
        case .warn: terminal.paint("warn", "1;33")
        case .fail: terminal.paint("fail", "1;31")
        }
    }

    private static func safe(_ text: String) -> String { Terminal.safe(text) }
}
