import AASA
import Audit

/// The terminal table of a `links` run: one line per link, worst first (tier, link, app, why), then the totals.
/// Every site- or file-controlled text goes through `Terminal.safe`.
struct LinksTable {
    let terminal: Terminal
    /// Longest link shown in full; longer ones are cut in the middle (links.json and links.csv keep them whole).
    static let linkWidth = 72

    func render(_ report: LinksReport, reportPath: String?) -> String {
        var lines: [String] = []
        for link in report.worstFirst {
            let tier = tierText(link.tier)
            let app = link.appID.map { Terminal.safe($0) } ?? "-"
            let shown = Terminal.safe(Self.cut(link.url))
            // The file's name without its folder: the line is what tells repeated links apart.
            let source = link.source.split(separator: "/").last.map(String.init) ?? link.source
            lines.append("\(tier)  \(shown)  \(app)  \(Terminal.safe(link.why))  [\(Terminal.safe(source))]")
        }
        // Each consulted domain in one line; its findings are in full in links.json's domains.
        for domain in report.domains.summaries where domain.verdict != .pass {
            lines.append(
                "domain \(Terminal.safe(domain.domain)): \(domain.verdict.rawValue), \(domain.errors) error(s), "
                    + "\(domain.warnings) warning(s) (\(Terminal.safe(domain.ids.prefix(5).joined(separator: ", "))))")
        }
        let s = report.summary
        var total =
            "\(s.links) link(s): \(s.opensApp) opens-app, \(s.safariFirst) safari-first, \(s.never) never, "
            + "\(s.broken) broken, \(s.customScheme) custom-scheme; \(s.skipped) skipped; "
            + "\(report.domains.count) domain file(s) fetched"
        let refused = report.refused
        if !refused.isEmpty { total += "; \(RefusedInputs.grouped(refused.count)) line(s) not a link" }
        lines.append(total)
        if let skipped = Self.skippedLine(report.skippedLinks) { lines.append(skipped) }
        if report.interrupted { lines.append("Interrupted: only the links that finished are listed.") }
        if let reportPath { lines.append("Report: \(Terminal.safe(reportPath))") }
        return lines.joined(separator: "\n")
    }

    /// The one line about entries skipped for their scheme (an App Store button, a mail link…), nil when none
    /// was: they are in the reports, with their reasons, rather than silently missing.
    static func skippedLine(_ skipped: SkippedLinks) -> String? {
        guard !skipped.isEmpty else { return nil }
        let kinds = SkippedLink.Kind.allCases.compactMap { kind -> String? in
            let count = skipped.entries.count { $0.kind == kind }
            return count > 0 ? "\(RefusedInputs.grouped(count)) \(kind.rawValue)" : nil
        }
        let more = skipped.omitted > 0 ? ", \(RefusedInputs.grouped(skipped.omitted)) more" : ""
        return
            "\(RefusedInputs.grouped(skipped.count)) entr\(skipped.count == 1 ? "y" : "ies") not judged, not web links "
            + "(\(kinds.joined(separator: ", "))\(more)): listed with their reasons in the reports"
    }

    func tierText(_ tier: LinkTier) -> String {
        let padded = tier.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)
        switch tier {
        case .broken: return terminal.paint(padded, "1;31")
        case .never: return terminal.paint(padded, "31")
        case .safariFirst: return terminal.paint(padded, "1;33")
        case .customScheme: return terminal.paint(padded, "36")
        case .opensApp: return terminal.paint(padded, "32")
        }
    }

    /// `url` cut in the middle to `linkWidth` characters.
    static func cut(_ url: String) -> String {
        guard url.count > linkWidth else { return url }
        let half = (linkWidth - 1) / 2
        return String(url.prefix(half)) + "…" + String(url.suffix(linkWidth - 1 - half))
    }
}
