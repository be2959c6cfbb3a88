import AASA
import Audit
import Foundation

/// `links.html`: the links worst first with their chains, in report.html's look. No script at all: the policy
/// allows only the inline style sheet, and every site- or file-controlled text is escaped.
public enum LinksHTML {
    /// Links shown before pointing to links.csv (a browser is no place for 100,000 rows).
    public static let maximumRows = 5_000

    static let policy = "default-src 'none'; style-src 'unsafe-inline'"

    /// `overflow-wrap:anywhere` lets a long URL break where it must, but it also lets the table squeeze a column to
    /// one character: an app ID (`.id`) is kept on one line, so its column is never narrower than the ID.

    static let css = """
        body{font:15px/1.45 -apple-system,system-ui,"Segoe UI",sans-serif;margin:0 auto;max-width:1280px;padding:0 24px;color:#1d1f23;overflow-wrap:anywhere}
        table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #d8dbe0;padding:6px 8px;text-align:left;vertical-align:top}
        .meta,.note{color:#5b616b;font-size:13px}.t{font-weight:600;white-space:nowrap}.id{white-space:nowrap}
        .broken{color:#b3261e}.never{color:#b3261e}.safari-first{color:#8a5a00}.opens-app{color:#1b6e3a}.custom-scheme{color:#2457a6}
        ol{margin:4px 0;padding-left:22px}code{font-size:13px}
        """

    public static func render(_ report: LinksReport) -> String {
        let s = report.summary
        var h = htmlPageStart(title: "aasa-audit links", policy: policy, css: css)
        h += """
            <h1>Will these links open the app?</h1>
            <p class="meta">\(escapeHTML(report.tool.name)) \(escapeHTML(report.tool.version))\(report.interrupted ? " · <strong>interrupted</strong>" : "")</p>
            <p>\(s.links) links: \(s.opensApp) opens-app, \(s.safariFirst) safari-first, \(s.never) never, \(s.broken) broken, \(s.customScheme) custom-scheme; \(s.skipped) skipped; \(report.domains.count) domain files fetched.</p>
            <table><thead><tr><th>tier</th><th>link</th><th>app</th><th>why</th></tr></thead><tbody>

            """
        let rows = report.worstFirst
        for link in rows.prefix(maximumRows) {
            h +=
                "<tr><td class=\"t \(link.tier.rawValue)\">\(link.tier.rawValue)</td><td><code>\(escapeHTML(link.url))</code>"
            h +=
                "<div class=\"note\">\(escapeHTML(link.source))\(link.text.map { " · “" + escapeHTML($0) + "”" } ?? "")</div>"
            if link.chain.count > 1 || link.chain.first?.note != nil {
                h += "<ol start=\"0\">"
                for hop in link.chain {
                    h +=
                        "<li><code>\(escapeHTML(hop.url))</code> \(hop.httpStatus.map { "HTTP \($0)" } ?? "no HTTP answer")"
                    if let app = hop.opensApp { h += " · opens \(escapeHTML(app))" }
                    if let note = hop.note { h += " <span class=\"note\">\(escapeHTML(note))</span>" }
                    h += "</li>"
                }
                h += "</ol>"
            }
            h +=
                "</td><td><span class=\"id\">\(escapeHTML(link.appID ?? "–"))</span>\(link.rule.map { "<div class=\"note\"><code>" + escapeHTML($0) + "</code></div>" } ?? "")</td>"
            h += "<td>\(escapeHTML(link.why))</td></tr>\n"
        }
        h += "</tbody></table>\n"
        if rows.count > maximumRows {
            h += "<p class=\"note\">\(rows.count - maximumRows) more links are in links.csv and links.json.</p>\n"
        }
        if !report.domains.isEmpty {
            h +=
                "<h2>Domains</h2><table><thead><tr><th>domain</th><th>verdict</th><th>findings</th></tr></thead><tbody>"
            for domain in report.domains {
                let shown = domain.findings.filter { $0.severity >= .warning }.prefix(20)
                let findings = shown.map { "\($0.severity.rawValue) \($0.id): \($0.message)" }
                h += "<tr><td><code>\(escapeHTML(domain.domain))</code></td><td>\(domain.verdict.rawValue)</td><td>"
                h += findings.map(escapeHTML).joined(separator: "<br>") + "</td></tr>\n"
            }
            h += "</tbody></table>\n"
        }
        h += skippedSection(report.skippedLinks)
        if !report.refused.isEmpty {
            h += "<h2>Not links</h2><ul>"
            for error in report.inputErrors.prefix(maximumRows) {
                h +=
                    "<li><code>\(escapeHTML(error.source))</code>: \(escapeHTML(error.input)): \(escapeHTML(error.reason))</li>"
            }
            let unlisted = report.refused.count - min(maximumRows, report.inputErrors.count)
            if unlisted > 0 { h += "<li>and \(RefusedInputs.grouped(unlisted)) more</li>" }
            h += "</ul>\n"
        }
        return h + "</body></html>\n"
    }

    /// The entries not judged for their scheme (an App Store button, a mail link, `ftp:`…), each with its kind and
    /// reason: without them a reader would take a missing App Store button for a dropped one.
    static func skippedSection(_ skipped: SkippedLinks) -> String {
        guard !skipped.isEmpty else { return "" }
        var h =
            "<h2>Not judged: not web links</h2><table><thead><tr><th>kind</th><th>entry</th><th>why</th></tr></thead>"
            + "<tbody>"
        for entry in skipped.entries.prefix(maximumRows) {
            h +=
                "<tr><td class=\"t\">\(escapeHTML(entry.kind.rawValue))</td><td><code>\(escapeHTML(entry.input))</code>"
            h += "<div class=\"note\">\(escapeHTML(entry.source))</div></td><td>\(escapeHTML(entry.reason))</td></tr>\n"
        }
        h += "</tbody></table>\n"
        let unlisted = skipped.count - min(maximumRows, skipped.entries.count)
        if unlisted > 0 { h += "<p class=\"note\">and \(RefusedInputs.grouped(unlisted)) more, counted.</p>\n" }
        return h
    }
}
