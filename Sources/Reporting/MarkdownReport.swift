import AASA
import Audit
import Foundation

/// `--format markdown`: a short summary for a pull-request comment or a CI job summary: the headline every format
/// shares (`AuditReport.headline`), a row per domain worst first, then each domain that warns or fails with its
/// findings' messages, worst first. The entitlements file read with `--entitlements` and the Android manifest
/// (`--android-manifest`) get a row of their own each, named in the headline apart from the domains.
public enum MarkdownReport: PassFormat {
    /// Findings listed per domain, and domains whose findings are listed (worst first): a summary of 100,000
    /// failing domains stays a page; report.html lists the rest.
    static let findingsShown = 20
    static let domainsDetailed = 100

    /// A domain's row and details as the summary shows them: the IDs of its findings at warning or worse, worst
    /// first, and the lines listing the first `findingsShown` of them.
    static func shown(_ findings: [Finding]) -> (codes: String, details: [String]) {
        let shown = findings.filter { $0.reaches(.warning) }.worstFirst()
        var ids: [String] = []
        for f in shown where !ids.contains(f.id) { ids.append(f.id) }
        var details = shown.prefix(findingsShown).map {
            "- \($0.severity.rawValue) `\(mdCode($0.id))`: \(md($0.message))"
        }
        if shown.count > findingsShown { details.append("- _and \(shown.count - findingsShown) more_") }
        return (ids.map { "`\(mdCode($0))`" }.joined(separator: " "), details)
    }

    /// summary.md in a report pass: what each domain that warns or fails shows is kept aside by position while the
    /// pass reads the domains in report order, and written worst first at the end.
    public final class Writer: PassFormatWriter {
        private let streamed: StreamedReport
        private let sink: (String) throws -> Void
        private let kept = FragmentSpool(name: "summary")

        public init(_ streamed: StreamedReport, sink: @escaping (String) throws -> Void) {
            self.streamed = streamed
            self.sink = sink
        }

        /// A passing row needs no finding.
        public func needs(_ position: Int) -> Bool { streamed.domains.entries[position].verdict != .pass }

        public func add(_ domain: DomainReport?, at position: Int) throws {
            guard needs(position), let domain else { return }
            let shown = MarkdownReport.shown(domain.findings)
            kept.store(
                String(decoding: try JSONEncoder().encode([shown.codes] + shown.details), as: UTF8.self), for: position)
        }

        /// What was kept for `position`: its codes and detail lines.
        private func shown(_ position: Int) throws -> (codes: String, details: [String]) {
            guard kept.contains(position) else { return ("", []) }
            let lines = try JSONDecoder().decode([String].self, from: Data(try kept.text(for: position).utf8))
            return (lines.first ?? "", Array(lines.dropFirst()))
        }

        public func finish() throws {
            let report = streamed.header
            let s = report.summary
            let entitlementsVerdict = report.entitlements.map { DomainReport.verdict($0.findings) }
            var lines = [
                "### Universal Links audit: \(report.headline)",
                "",
                "\(s.domains) domain(s): \(s.passed) pass, \(s.warned) warn, \(s.failed) fail · \(s.errors) errors, \(s.warnings) warnings"
                    + ((s.suppressed ?? 0) > 0 ? " · \(s.suppressed ?? 0) suppressed" : "")
                    + (s.urlsTested > 0 ? " · \(s.urlsOpeningApp) of \(s.urlsTested) crawled URLs open an app" : "")
                    + ((s.urlsUnknown ?? 0) > 0
                        ? " · \(s.urlsUnknown ?? 0) unknown (the file of their host was not read; see urls.csv)" : ""),
                "",
                "| domain | verdict | findings |",
                "|---|---|---|",
            ]
            // Each domain that warns or fails, with its findings: listed under the table.
            var details: [String] = []
            var detailed = 0
            var undetailed = 0
            func row(_ name: String, _ shown: (codes: String, details: [String]), _ verdict: DomainReport.Verdict) {
                let icon = verdict == .pass ? "✅" : verdict == .warn ? "⚠️" : "❌"
                lines.append("| \(name) | \(icon) \(verdict.rawValue) | \(shown.codes) |")
                guard !shown.codes.isEmpty else { return }
                guard detailed < domainsDetailed else {
                    undetailed += 1
                    return
                }
                detailed += 1
                details += ["", "**\(name)** \(icon) \(verdict.rawValue)", ""]
                details += shown.details
            }
            let entries = streamed.domains.entries
            for position in streamed.domains.worstFirst() {
                let entry = entries[position]
                row(md(Punycode.display(entry.domain, unicode: entry.unicode)), try shown(position), entry.verdict)
                if lines.count >= 1_000 {
                    try sink(lines.joined(separator: "\n") + "\n")
                    lines.removeAll(keepingCapacity: true)
                }
            }
            if let e = report.entitlements, let verdict = entitlementsVerdict {
                row("entitlements `\(mdCode(e.file))`", MarkdownReport.shown(e.findings), verdict)
            }
            if let m = report.androidManifest {
                row(
                    "Android manifest `\(mdCode(m.file))`", MarkdownReport.shown(m.findings),
                    DomainReport.verdict(m.findings))
            }
            lines += details
            if undetailed > 0 { lines += ["", "_Findings of \(undetailed) more domain(s): see report.html_"] }
            lines += changeLines(report)
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
    }

    /// The changes since the baseline, and the checks not compared with it, in lines.
    static func changeLines(_ report: AuditReport) -> [String] {
        var lines: [String] = []
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
        if let notes = report.changes?.notCompared, !notes.isEmpty {
            lines += [""] + notes.map { "- \(md($0.note))" }
        }
        return lines
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
