import AASA
import Audit

/// The custom-scheme links a crawl found: one row per distinct link with its pages and verdict.
extension HTMLReport {
    /// Rows shown at most (the report.json keeps every recorded link) and pages listed per link.
    static let schemeRows = 50
    static let schemePagesShown = 3

    static func schemeLinksTable(_ links: SchemeLinks?) -> String {
        guard let links, !links.links.isEmpty else { return "" }
        let count = links.links.count + links.notRecorded
        var h =
            "<h3>Custom-scheme links</h3><p>\(count) distinct link\(count == 1 ? "" : "s") to a custom URL scheme: any app can claim a scheme, so these open whichever app did.</p>"
        h +=
            "<div class=\"scroll\"><table><tr><th>link</th><th>found on</th><th>scheme declared</th><th>Universal Link instead</th></tr>"
        for link in links.links.prefix(schemeRows) {
            let pages = link.pages.prefix(schemePagesShown).map { "<code>\(escapeHTML(clipped($0, 160)))</code>" }
                .joined(separator: "<br>")
            let more =
                link.pageCount > min(link.pages.count, schemePagesShown)
                ? "<br>and \(link.pageCount - min(link.pages.count, schemePagesShown)) more" : ""
            let replacement =
                link.replacement.map {
                    "<code>\(escapeHTML(clipped($0.url, 160)))</code> (\(escapeHTML($0.appID)))"
                } ?? "—"
            h +=
                "<tr><td><code>\(escapeHTML(clipped(link.link, 160)))</code></td><td>\(pages)\(more)</td><td>\(escapeHTML(link.declared ?? "unknown"))</td><td>\(replacement)</td></tr>"
        }
        h += "</table></div>"
        let hidden = links.links.count - min(links.links.count, schemeRows) + links.notRecorded
        if hidden > 0 { h += "<p>\(hidden) more not shown (report.json lists the first \(SchemeLinks.linkCap)).</p>" }
        return h
    }
}
