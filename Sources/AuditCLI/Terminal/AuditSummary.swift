import AASA
import Audit

/// The plain-text summary on stdout: worst domains first, each error and warning finding's one-line message under
/// its domain (infos, suppressed findings with their reasons, fixes and locations too with `--verbose`), what changed
/// since the baseline per domain, and what an interruption or a refused input line left out.
struct AuditSummary {
    let terminal: Terminal
    var verbose = false
    /// The run's exit status, whose every reason is named in one line (a refused line's 2 hides no finding).
    var status: RunStatus?

    /// Site- and file-controlled text goes through `Terminal.safe`.
    func render(_ report: AuditReport, reportPath: String?) -> String {
        render(StreamedReport(report), reportPath: reportPath)
    }

    /// The same from a run's stream: only domains with something to show (findings, a crawl, infos with
    /// `--verbose`) are read again.
    func render(_ streamed: StreamedReport, reportPath: String?) -> String {
        let report = streamed.header
        let entries = streamed.domains.entries
        let s = report.summary
        var lines = [
            "aasa-audit: \(s.domains) domain(s): \(s.passed) pass, \(s.warned) warn, \(s.failed) fail "
                + "(\(s.errors) errors, \(s.warnings) warnings, \(s.infos) infos"
                + ((s.suppressed ?? 0) > 0 ? ", \(s.suppressed ?? 0) suppressed)" : ")")
        ]
        let order = streamed.domains.worstFirst()
        let names = order.map { safe(Punycode.display(entries[$0].domain, unicode: entries[$0].unicode)) }
        let width = names.map(\.count).max() ?? 0
        for (position, name) in zip(order, names) {
            let entry = entries[position]
            let shown = entry.verdict != .pass || entry.crawled || (verbose && entry.infos + entry.suppressed > 0)
            // A domain that cannot be read again is shown by its name and verdict.
            let domain = shown ? try? streamed.domains.load(entry) : nil
            var ids: [String] = []
            for f in domain?.findings ?? [] where f.reaches(.warning) && !ids.contains(f.id) { ids.append(f.id) }
            let padded = ids.isEmpty ? name : name + String(repeating: " ", count: width - name.count + 2)
            // A domain the signal cut while it was audited says so on its own line (`--resume` audits it again).
            let partial = entry.partial ? (ids.isEmpty ? "  " : "; ") + "partial: the interruption cut it short" : ""
            lines.append("  \(paint(entry.verdict))  \(padded)\(safe(ids.joined(separator: ", ")))\(partial)")
            guard let domain else { continue }
            lines += findingLines(domain.findings)
            if let crawl = domain.crawl {
                let tally = domain.urls.tally()
                let unknown = tally.unknown > 0 ? ", \(tally.unknown) unknown" : ""
                lines.append(
                    "        crawl: \(crawl.pagesFetched) pages, \(crawl.urlsDiscovered) URLs, \(tally.opening) open an app"
                        + "\(unknown); stopped: \(safe(crawl.stoppedBecause))")
                if verbose, let links = crawl.schemeLinks { lines += schemeLinkLines(links) }
            }
        }
        if let entitlements = report.entitlements {
            lines.append(
                "  \(paint(DomainReport.verdict(entitlements.findings)))  entitlements \(safe(entitlements.file)) (\(safe(entitlements.appID ?? "no app ID"))): "
                    + "\(entitlements.entries.count) entries"
            )
            lines += findingLines(entitlements.findings)
        }
        if let manifest = report.androidManifest {
            lines.append(
                "  \(paint(DomainReport.verdict(manifest.findings)))  android manifest \(safe(manifest.file)) "
                    + "(\(safe(manifest.package))): \(manifest.hosts.count) App Link host\(manifest.hosts.count == 1 ? "" : "s")"
            )
            lines += findingLines(manifest.findings)
        }
        let refused = report.refused
        if !refused.isEmpty {
            // Every report lists them too: report.json's inputErrors, report.html, report.junit.xml, summary.md.
            let listed =
                refused.omitted > 0
                ? "the first \(RefusedInputs.grouped(refused.errors.count)) named on stderr and in every report, "
                    + "the rest counted"
                : "named on stderr and in every report"
            lines.append(
                "refused: \(RefusedInputs.grouped(refused.count)) input line(s) could not be audited (\(listed))")
        }
        if report.interrupted { lines += Self.interruption(streamed) }
        if let changes = report.changes { lines += Self.changeLines(changes) }
        if let line = status?.line { lines.append(line) }
        if let reportPath { lines.append("report: \(safe(reportPath))") }
        return lines.joined(separator: "\n")
    }

    /// Custom-scheme links listed at most under a domain with `--verbose`; the report lists the rest.
    static let schemeLinksShown = 20

    /// `--verbose`: each custom-scheme link with its first page and verdict.
    func schemeLinkLines(_ links: SchemeLinks) -> [String] {
        var lines = ["        custom-scheme links: \(links.links.count + links.notRecorded)"]
        for link in links.links.prefix(Self.schemeLinksShown) {
            let pages = link.pageCount > 1 ? " (+\(link.pageCount - 1) pages)" : ""
            let instead = link.replacement.map { "; instead: \(safe($0.url))" } ?? ""
            lines.append(
                "          \(safe(String(link.link.prefix(200)))) on \(safe(link.pages.first ?? "?"))\(pages): "
                    + "scheme \(safe(link.declared ?? "unknown"))\(instead)")
        }
        let hidden = links.links.count - min(links.links.count, Self.schemeLinksShown) + links.notRecorded
        if hidden > 0 { lines.append("          and \(hidden) more (report.json lists them)") }
        return lines
    }

    /// Findings of one check shown per domain without `--verbose`; the report lists them all.
    static let perCheck = 10

    /// Each finding shown (warnings and up; everything with `--verbose`) as `severity[id] message`, worst first;
    /// past `perCheck` of one check, a line counts the rest.
    func findingLines(_ findings: [Finding]) -> [String] {
        var lines: [String] = []
        let shown = findings.filter { verbose || $0.reaches(.warning) }.worstFirst()
        var seen: [String: Int] = [:]
        var hidden: [(id: String, count: Int)] = []
        for finding in shown {
            seen[finding.id, default: 0] += 1
            if !verbose, let count = seen[finding.id], count > Self.perCheck {
                if let at = hidden.firstIndex(where: { $0.id == finding.id }) {
                    hidden[at].count += 1
                } else {
                    hidden.append((finding.id, 1))
                }
                continue
            }
            let silenced = finding.isSuppressed ? "suppressed " : ""
            lines += terminal.wrap(
                "\(silenced)\(terminal.severity(finding.severity))[\(safe(finding.id))] \(safe(finding.message))",
                prefix: "        ", indent: "          ")
            guard verbose else { continue }
            if let reason = finding.suppressedReason {
                lines += terminal.wrap(safe(reason), prefix: "          suppressed: ", indent: "            ")
            }
            let l = finding.location
            let place = [
                l.url, l.pointer, l.line.map { "line \($0)" + (l.column.map { ", column \($0)" } ?? "") },
            ].compactMap { $0 }
            if !place.isEmpty { lines.append("          at: \(safe(place.joined(separator: "  ")))") }
            if !finding.hint.isEmpty {
                lines += terminal.wrap(safe(finding.hint), prefix: "          fix: ", indent: "               ")
            }
        }
        for (id, count) in hidden {
            lines.append("        … \(count) more \(safe(id)) finding(s): see the report")
        }
        return lines
    }

    /// What the interruption left out: domains never audited, and those whose crawl was cut short (reported with
    /// what it had found). Both lists are empty when the signal came after the last domain finished.
    static func interruption(_ report: AuditReport) -> [String] { interruption(StreamedReport(report)) }

    static func interruption(_ streamed: StreamedReport) -> [String] {
        let report = streamed.header
        let cut = streamed.domains.entries.filter(\.crawlInterrupted).map(\.domain)
        var lines: [String] = []
        if !report.notAudited.isEmpty {
            lines.append(
                "interrupted: \(report.notAudited.count) domain(s) not audited: "
                    + Terminal.safe(report.notAudited.joined(separator: ", ")))
        }
        if !cut.isEmpty {
            lines.append(
                "interrupted: \(cut.count) crawl(s) cut short (reported with the pages crawled so far): "
                    + Terminal.safe(cut.joined(separator: ", ")))
        }
        if lines.isEmpty { lines.append("interrupted: every domain had finished") }
        return lines
    }

    /// The baseline diff: the headline, then per domain the finding IDs that appeared and went away and what
    /// changed in its file.
    static func changeLines(_ changes: Changes) -> [String] {
        var lines = ["changes since \(Terminal.safe(changes.baseline)): \(Terminal.safe(changes.headline))"]
        for d in changes.byDomain {
            var parts: [String] = []
            if !d.appeared.isEmpty { parts.append("new " + d.appeared.joined(separator: ", ")) }
            if !d.wentAway.isEmpty { parts.append("resolved " + d.wentAway.joined(separator: ", ")) }
            if let file = d.fileText { parts.append(file) }
            if let c = d.certificate {
                parts.append(c.daysLeft < 0 ? "certificate expired" : "certificate expires in \(c.daysLeft) day(s)")
            }
            if d.verdictsFlipped > 0 { parts.append("\(d.verdictsFlipped) URL verdict(s) flipped") }
            lines.append("  \(Terminal.safe(d.domain)): \(Terminal.safe(parts.joined(separator: "; ")))")
        }
        if !changes.domainsAdded.isEmpty {
            lines.append("  domains added: \(Terminal.safe(changes.domainsAdded.joined(separator: ", ")))")
        }
        if !changes.domainsRemoved.isEmpty {
            lines.append("  domains removed: \(Terminal.safe(changes.domainsRemoved.joined(separator: ", ")))")
        }
        for skipped in changes.notCompared ?? [] { lines.append("  \(Terminal.safe(skipped.note))") }
        return lines
    }

    /// A verdict as the summary shows it; the entitlements file gets one by the same rule as a domain.
    private func paint(_ verdict: DomainReport.Verdict) -> String {
        switch verdict {
        case .pass: terminal.paint("pass", "1;32")
        case .warn: terminal.paint("warn", "1;33")
        case .fail: terminal.paint("fail", "1;31")
        }
    }

    private func safe(_ text: String) -> String { Terminal.safe(text) }
}
