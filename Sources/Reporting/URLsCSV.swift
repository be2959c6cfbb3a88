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
        "found_on", "inlinks", "anchor_text", "note",
    ]

    public static func render(_ report: AuditReport) -> String {
        var text = ""
        render(report) { text += $0 }
        return text
    }

    /// The table in pieces, each URL's verdicts worked out as its row is written.
    public static func render(_ report: AuditReport, into sink: (String) throws -> Void) rethrows {
        let values: [(Row) -> String] = [
            { $0.domain }, { $0.url.url }, { $0.url.opens ? "yes" : "no" }, { $0.url.opensApp ?? "" },
            { $0.url.apps.joined(separator: ";") }, { $0.url.decidingRule?.rule ?? "" },
            { $0.url.decidingRule?.pointer ?? "" },
            { $0.url.httpStatus.map(String.init) ?? "" }, { $0.url.redirectTo ?? "" },
            { $0.url.depth.map(String.init) ?? "" }, { $0.url.foundOn ?? "" },
            { $0.url.inlinks.map(String.init) ?? "" }, { $0.url.anchorText ?? "" }, { $0.url.note ?? "" },
        ]
        let rows = report.domains.lazy.flatMap { domain in domain.urls.lazy.map { Row(domain: domain.domain, url: $0) }
        }
        try CSV.Table(Array(zip(headers, values))).render(rows, into: sink)
    }
}
