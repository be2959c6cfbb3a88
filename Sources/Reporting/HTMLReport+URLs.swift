import AASA
import Audit
import Foundation

/// A crawl's rule-hit chart and its URL tables, one per app, each collapsed behind its counts when long.
extension HTMLReport {
    /// Per-rule hit counts as bars with their numbers. Lengths are on a log scale, so a rule with one hit still
    /// shows beside one with thousands; the number gives the exact count.
    static func ruleChart(_ hits: [RuleHits]) -> String {
        guard !hits.isEmpty else { return "" }
        let top = log(Double(max(1, hits.map(\.hits).max() ?? 1)) + 1)
        var h =
            "<h3>Rule hits</h3><details\(hits.count > 2 * openRows ? "" : " open")><summary>URLs decided by each of \(hits.count) rule\(hits.count == 1 ? "" : "s") (bars on a log scale)</summary><div class=\"bars\">"
        for hit in hits {
            let share = hit.hits > 0 ? max(1, Int((log(Double(hit.hits) + 1) / top * 100).rounded())) : 0
            h +=
                "<code>\(escapeHTML(clipped(hit.rule.rule, 160)))</code><span class=\"track\"><span style=\"width:\(share)%\"></span></span><b>\(hit.hits)</b>"
        }
        return h + "</div></details>"
    }

    /// Linking pages shown per URL; inlinks.csv has every one.
    static let linkingPagesShown = 3

    /// The `linkingPagesShown` pages linking to each of `urls` that are nearest the start page, then first by URL
    /// (the order pages were fetched in, and so spooled, differs between two crawls of one site), read from the
    /// run's spooled links (the rows shown are a few thousand at most, so this stays small however big the crawl).
    static func linkingPages(to urls: Set<String>, site: String, in spool: InlinkSpool?) -> [String: [String]] {
        guard let spool, !urls.isEmpty else { return [:] }
        struct Page: Comparable {
            var depth: Int
            var url: String
            /// The crawl's order for a row's `foundOn`: nearest the start page, then first in byte order of URL.
            static func < (a: Page, b: Page) -> Bool {
                a.depth != b.depth ? a.depth < b.depth : a.url.utf8.lexicographicallyPrecedes(b.url.utf8)
            }
        }
        /// A page that links twice is listed once, where its nearest link puts it.
        func keep(_ page: Page, in list: inout [Page]) {
            if let same = list.firstIndex(where: { $0.url == page.url }) {
                guard page < list[same] else { return }
                list.remove(at: same)
            }
            list.insert(page, keepingFirst: linkingPagesShown, by: <)
        }
        var pages: [String: [Page]] = [:]
        // A million links are sifted by a hash of their target's bytes; a string is made only for a likely hit.
        let hashes = Set(urls.map { Array($0.utf8).withUnsafeBufferPointer(hash) })
        try? spool.forEachEncoded(site: site) { link in
            guard hashes.contains(hash(link.to)) else { return }
            let to = String(decoding: link.to, as: UTF8.self)
            guard urls.contains(to) else { return }
            let page = Page(depth: link.depth ?? .max, url: String(decoding: link.from, as: UTF8.self))
            keep(page, in: &pages[to, default: []])
        }
        return pages.mapValues { $0.map(\.url) }
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
        return hasher.finalize()
    }

    static func urlTables(_ d: DomainReport, anchor: String, inlinks: InlinkSpool? = nil) -> String {
        // Counts from bare decisions, then verdicts only for the rows shown: a 100,000-URL crawl is never held
        // or explained in full here.
        struct Table {
            var rows: [(URLReport, AppVerdict)] = []
            var total = 0
            var opens = 0
            var excluded = 0
        }
        var apps: [String] = []
        var tables: [String: Table] = [:]
        for count in d.urls.appCounts() {
            apps.append(count.appID)
            tables[count.appID] = Table(total: count.total, opens: count.opens, excluded: count.excluded)
        }
        let android = d.urls.androidJudged
        var full = 0
        // Rows no app's verdict covers (another host, unknown or serving no file) get a table of their own, so the
        // page counts every row urls.csv has.
        var unjudged: [URLReport] = []
        let tally = d.urls.tally()
        let unjudgedTotal = d.urls.count - tally.tested
        for url in d.urls {
            if full == apps.count && unjudged.count == min(unjudgedTotal, maximumURLRows) { break }
            guard !url.verdicts.isEmpty else {
                if unjudged.count < maximumURLRows { unjudged.append(url) }
                continue
            }
            for verdict in url.verdicts {
                guard let rows = tables[verdict.appID]?.rows.count, rows < maximumURLRows else { continue }
                tables[verdict.appID]?.rows.append((url, verdict))
                if rows + 1 == maximumURLRows { full += 1 }
            }
        }
        let shown = Set(tables.values.flatMap { $0.rows.map(\.0.url) })
        let linking = linkingPages(to: shown, site: d.domain, in: inlinks)
        var notes = Footnotes(anchor: anchor)
        for app in apps { notes.count(tables[app]?.rows.map(\.0.notes) ?? []) }
        notes.count(unjudged.map(\.notes))
        var h = ""
        for app in apps {
            guard let table = tables[app] else { continue }
            let long = table.rows.count > openRows
            h +=
                "<details\(long ? " data-filter" : " open")><summary>\(table.total) URL\(table.total == 1 ? "" : "s") for <code>\(escapeHTML(app))</code>: \(table.opens) open the app, \(table.excluded) excluded, \(table.total - table.opens - table.excluded) web only</summary>"
            h +=
                "<div class=\"scroll\"><table class=\"t urls\"><thead><tr><th>URL</th><th>verdict</th>\(android ? "<th>Android</th>" : "")<th>deciding rule</th><th>status</th><th>linked from</th><th>anchor text</th></tr></thead><tbody>"
            for (report, verdict) in table.rows {
                // A URL answering 4xx or 5xx is broken on the web, whatever the app would do with it.
                let broken = (report.httpStatus ?? 0) >= 400
                let cls =
                    verdict.result == .match ? "pass" : broken ? "fail" : verdict.result == .exclude ? "warn" : "info"
                let label =
                    verdict.result == .match
                    ? "opens app" : broken ? "broken" : verdict.result == .exclude ? "excluded" : "web only"
                h += "<tr><td>\(url(report.url))"
                if let target = report.redirectTo {
                    h += "<br><span class=\"note\">redirects to \(url(target))</span>"
                }
                if let note = notes.references(report.notes) { h += "<br><span class=\"note\">\(note)</span>" }
                let extra = verdict.result == .match && broken ? " " + badge("broken", "fail") : ""
                h +=
                    "</td><td>\(badge(label, cls))\(extra)</td>\(android ? androidCell(report) : "")<td>\(verdict.rule.map(ruleCode) ?? "")</td>"
                h +=
                    "<td class=\"n\">\(report.httpStatus.map(String.init) ?? "")</td><td>\(linkedFrom(report, linking, spooled: inlinks != nil))</td>"
                h += "<td>\(escapeHTML(report.anchorText ?? ""))</td></tr>"
            }
            h += "</tbody></table></div></details>"
            if table.total > maximumURLRows {
                h += "<p class=\"note\">\(table.total - maximumURLRows) more rows in urls.csv.</p>"
            }
        }
        h += unjudgedTable(unjudged, total: unjudgedTotal, unknown: tally.unknown, android: android, notes: &notes)
        guard !h.isEmpty else { return notes.list() }
        let unknown = tally.unknown > 0 ? ", \(tally.unknown) unknown" : ""
        return
            "<h3>URLs</h3><p>\(d.urls.count) URL\(d.urls.count == 1 ? "" : "s") (as in urls.csv): \(tally.opening) open an app\(unknown).</p>"
            + h + notes.list()
    }

    /// The rows without any app's verdict: on another host whose file was not read ("unknown", with why), or on a
    /// host that serves no file ("web only").
    static func unjudgedTable(
        _ rows: [URLReport], total: Int, unknown: Int, android: Bool = false, notes: inout Footnotes
    ) -> String {
        guard total > 0 else { return "" }
        let long = rows.count > openRows
        var h =
            "<details\(long ? " data-filter" : " open")><summary>\(total) URL\(total == 1 ? "" : "s") no app's file judged: \(unknown) unknown, \(total - unknown) web only</summary>"
        h +=
            "<div class=\"scroll\"><table class=\"t urls\"><thead><tr><th>URL</th><th>verdict</th>\(android ? "<th>Android</th>" : "")<th>why</th><th>status</th><th>found on</th></tr></thead><tbody>"
        for report in rows {
            h += "<tr><td>\(url(report.url))"
            if let target = report.redirectTo {
                h += "<br><span class=\"note\">redirects to \(url(target))</span>"
            }
            if let note = notes.references(report.notes) { h += "<br><span class=\"note\">\(note)</span>" }
            h += "</td><td>\(report.unknown ? badge("unknown", "warn") : badge("web only", "info"))</td>"
            if android { h += androidCell(report) }
            h += "<td>\(escapeHTML(report.unknownReason ?? "no file of this host judges it"))</td>"
            h +=
                "<td class=\"n\">\(report.httpStatus.map(String.init) ?? "")</td><td>\(url(report.foundOn ?? ""))</td></tr>"
        }
        h += "</tbody></table></div></details>"
        if total > rows.count { h += "<p class=\"note\">\(total - rows.count) more rows in urls.csv.</p>" }
        return h
    }

    /// The row's Android answer (`--android-manifest`) as a badge beside the iOS one, with what decided (or why it is
    /// unknown) as its title; an empty cell for a row that carries none (read back from an older report).
    static func androidCell(_ report: URLReport) -> String {
        guard let android = report.android else { return "<td></td>" }
        let shown =
            switch android.opens {
            case true?: badge("yes", "pass")
            case false?: badge("no", "info")
            case nil: badge("unknown", "warn")
            }
        let title = android.unknownReason ?? android.rule
        return "<td\(title.map { " title=\"\(escapeHTML($0))\"" } ?? "")>\(shown)</td>"
    }

    /// How many pages link to the row and the first few of them (its first page when no links were spooled, and
    /// then no inlinks.csv to point to).
    static func linkedFrom(_ report: URLReport, _ linking: [String: [String]], spooled: Bool) -> String {
        let pages = linking[report.url] ?? report.foundOn.map { [$0] } ?? []
        var h = pages.map(url).joined(separator: "<br>")
        if let count = report.inlinks, count > 0 {
            let more = spooled && count > pages.count ? ", \(count - pages.count) more in inlinks.csv" : ""
            h += "<br><span class=\"note\">\(count) page\(count == 1 ? "" : "s")\(more)</span>"
        }
        return h
    }

    /// A deciding rule as code; a short one kept on one line, as it is read as one token.
    static func ruleCode(_ rule: RuleReference) -> String {
        "<code\(rule.rule.count <= 60 ? " class=\"nw\"" : "")>\(escapeHTML(rule.rule))</code>"
    }
}
