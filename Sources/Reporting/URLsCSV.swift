import AASA
import Audit
import Foundation

/// `urls.csv`: one row per URL a crawl found, in the columns a link or SEO team filters on; the README lists them.
public enum URLsCSV {
    struct Row {
        var domain: String
        var url: URLReport
    }

    /// The columns, in order: a public contract like the report's fields.
    public static let headers = [
        "domain", "url", "opens_app", "app_id", "apps", "rule", "rule_location", "http_status", "redirect_to", "depth",
        "found_on", "inlinks", "anchor_text", "note", "href",
    ]

    /// The row's note, then why its answer is unknown: `opens_app` says `unknown`, and this says why.
    static func note(_ url: URLReport) -> String {
        [url.note, url.unknownReason].compactMap { $0 }.joined(separator: "; ")
    }

    public static func render(_ report: AuditReport) -> String {
        var text = ""
        // In memory nothing throws.
        try? render(StreamedReport(report)) { text += $0 }
        return text
    }

    /// The table in pieces, a domain read at a time, each URL's verdicts worked out as its row is written.
    public static func render(_ report: StreamedReport, into sink: (String) throws -> Void) throws {
        let values: [(Row) -> String] = [
            { $0.domain }, { $0.url.url }, { $0.url.answer }, { $0.url.opensApp ?? "" },
            { $0.url.apps.joined(separator: ";") }, { $0.url.decidingRule?.rule ?? "" },
            { $0.url.decidingRule?.pointer ?? "" },
            { $0.url.httpStatus.map(String.init) ?? "" }, { $0.url.redirectTo ?? "" },
            { $0.url.depth.map(String.init) ?? "" }, { $0.url.foundOn ?? "" },
            { $0.url.inlinks.map(String.init) ?? "" }, { $0.url.anchorText ?? "" }, { URLsCSV.note($0.url) },
            { $0.url.href ?? "" },
        ]
        try CSV.Table(Array(zip(headers, values))).render(into: sink) { row in
            // Domains without a crawl have no rows: they are not read again.
            for entry in report.domains.entries where entry.urlsTested > 0 || entry.crawled {
                let domain = try report.domains.load(entry)
                for url in domain.urls { try row(Row(domain: domain.domain, url: url)) }
            }
        }
    }
}
