import AASA
import Audit
import Foundation

/// `--format markdown`: a short summary for a pull-request comment or a CI job summary. The entitlements file
/// read with `--entitlements` gets a row of its own and counts in the headline, like a domain.
public enum MarkdownReport {
    public static func render(_ report: AuditReport) -> String {
        var text = ""
        // In memory nothing throws.
        try? render(StreamedReport(report)) { text += $0 }
        return text
    }

    /// The summary in pieces; only domains that warn or fail are read again (a passing row needs no finding).
    public static func render(_ streamed: StreamedReport, into sink: (String) throws -> Void) throws {
        let report = streamed.header
        let s = report.summary
        let entitlementsVerdict = report.entitlements.map { DomainReport.verdict($0.findings) }
        let verdicts = streamed.domains.entries.map(\.verdict) + (entitlementsVerdict.map { [$0] } ?? [])
        let failing = verdicts.filter { $0 == .fail }.count
        let warning = verdicts.filter { $0 == .warn }.count
        var lines = [
            "### Universal Links audit: \(failing == 0 ? (warning == 0 ? "all pass" : "warnings") : "\(failing) failing")",
            "",
            "\(s.domains) domain(s): \(s.passed) pass, \(s.warned) warn, \(s.failed) fail · \(s.errors) errors, \(s.warnings) warnings"
                + ((s.suppressed ?? 0) > 0 ? " · \(s.suppressed ?? 0) suppressed" : "")
                + (s.urlsTested > 0 ? " · \(s.urlsOpeningApp) of \(s.urlsTested) crawled URLs open an app" : ""),
            "",
            "| domain | verdict | findings |",
            "|---|---|---|",
        ]
        func row(_ name: String, _ findings: [Finding], _ verdict: DomainReport.Verdict) {
            var ids: [String] = []
            for f in findings where f.reaches(.warning) && !ids.contains(f.id) { ids.append(f.id) }
            let icon = verdict == .pass ? "✅" : verdict == .warn ? "⚠️" : "❌"
            let codes = ids.map { "`\(mdCode($0))`" }.joined(separator: " ")
            lines.append("| \(name) | \(icon) \(verdict.rawValue) | \(codes) |")
        }
        for entry in streamed.domains.entries {
            let findings = entry.verdict == .pass ? [] : try streamed.domains.load(entry).findings
            row(md(Punycode.display(entry.domain, unicode: entry.unicode)), findings, entry.verdict)
            if lines.count >= 1_000 {
                try sink(lines.joined(separator: "\n") + "\n")
                lines.removeAll(keepingCapacity: true)
            }
        }
        if let e = report.entitlements, let verdict = entitlementsVerdict {
            row("entitlements `\(mdCode(e.file))`", e.findings, verdict)
        }
        if let changes = report.changes, !changes.isEmpty {
            lines += ["", "**Changes since the baseline:** " + changes.headline]
            let domains = changes.byDomain
            if !domains.isEmpty {
                lines += ["", "| domain | new findings | resolved findings | other changes |", "|---|---|---|---|"]
                for d in domains {
                    lines.append(
                        "| \(md(Punycode.display(d.domain))) | \(codes(d.appeared)) | \(codes(d.wentAway)) | \(otherChanges(d)) |"
                    )
                }
            }
            if !changes.domainsAdded.isEmpty {
                lines += ["", "Domains added: " + changes.domainsAdded.map(md).joined(separator: ", ")]
            }
            if !changes.domainsRemoved.isEmpty {
                lines += ["", "Domains removed: " + changes.domainsRemoved.map(md).joined(separator: ", ")]
            }
        }
        if report.interrupted {
            let names = report.notAudited.prefix(50).map(md).joined(separator: ", ")
            lines += [
                "",
                "_Interrupted: \(report.notAudited.count) domain(s) not audited_"
                    + (names.isEmpty ? "" : ": " + names + (report.notAudited.count > 50 ? ", …" : "")),
            ]
        }
        let refused = report.refused
        if !refused.isEmpty {
            lines += ["", "**\(RefusedInputs.grouped(refused.count)) input line(s) could not be audited:**", ""]
            lines += refused.errors.prefix(50).map { "- `\(mdCode($0.source))` \(md($0.input)): \(md($0.reason))" }
            let unlisted = refused.count - min(50, refused.errors.count)
            if unlisted > 0 { lines.append("- _and \(RefusedInputs.grouped(unlisted)) more_") }
        }
        if !lines.isEmpty { try sink(lines.joined(separator: "\n") + "\n") }
    }

    /// A file change, a certificate newly inside the expiry window and flipped URL verdicts, in words: Markdown,
    /// its site text already in code spans.
    static func otherChanges(_ d: Changes.DomainChanges) -> String {
        var parts: [String] = []
        if let change = d.file {
            // Written here rather than taken from `fileText`: the app IDs are the site's text, each in a code span.
            let hashes = [change.before, change.after].map { mdCode(String(($0 ?? "none").prefix(12))) }
            var file = ["file changed: sha256 `\(hashes[0])` → `\(hashes[1])`"]
            if !change.appsAdded.isEmpty { file.append("apps added " + codes(change.appsAdded)) }
            if !change.appsRemoved.isEmpty { file.append("apps removed " + codes(change.appsRemoved)) }
            if change.rulesChanged { file.append("rules changed") }
            parts.append(file.joined(separator: ", "))
        }
        if let c = d.certificate {
            parts.append(c.daysLeft < 0 ? "certificate expired" : "certificate expires in \(c.daysLeft) day(s)")
        }
        if d.verdictsFlipped > 0 { parts.append("\(d.verdictsFlipped) URL verdict(s) flipped") }
        return parts.joined(separator: "; ")
    }

    static func codes(_ ids: [String]) -> String { ids.map { "`\(mdCode($0))`" }.joined(separator: " ") }

    /// Site- or file-derived text outside a code span (see `escapeMarkdown`), put in a code span of its own when
    /// GitHub would turn part of it into a link: escaping does not stop its autolinks (`https://…`, `www.…`, an
    /// e-mail address), and a summary must not carry links a site chose.
    /// - SeeAlso: https://github.github.com/gfm/#autolinks-extension-
    static func md(_ text: String) -> String {
        autolinkable(text) ? "`\(mdCode(text))`" : escapeMarkdown(text)
    }

    /// Whether GitHub's autolink extension could find a link in `text`: `://` (`http://`, `https://`), `www.` in
    /// any case, or an `@` (an e-mail address, `mailto:` and `xmpp:` links too). Erring towards a code span costs
    /// nothing.
    static func autolinkable(_ text: String) -> Bool {
        text.contains("@") || text.contains("://") || text.lowercased().contains("www.")
    }

    /// Site- or file-derived text inside a code span in a table cell (see `escapeMarkdownCode`).
    static func mdCode(_ text: String) -> String { escapeMarkdownCode(text) }
}
