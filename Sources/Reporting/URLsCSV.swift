import AASA
import Audit
import Foundation

/// `urls.csv`: one row per tested URL, one verdict column per app.
public enum URLsCSV {
    struct Row {
        var domain: String
        var url: URLReport
    }

    public static func render(_ report: AuditReport) -> String {
        var text = ""
        render(report) { text += $0 }
        return text
    }

    /// The table in pieces, each URL's verdicts worked out as its row is written.
    public static func render(_ report: AuditReport, into sink: (String) throws -> Void) rethrows {
        var apps: [String] = []
        for domain in report.domains {
            for app in domain.urls.appIDs() where !apps.contains(app) { apps.append(app) }
        }
        var columns: [(header: String, value: (Row) -> String)] = [
            ("domain", { $0.domain }), ("url", { $0.url.url }), ("found_on", { $0.url.foundOn ?? "" }),
            ("http_status", { $0.url.httpStatus.map(String.init) ?? "" }), ("opens_app", { $0.url.opensApp ?? "" }),
        ]
        for app in apps {
            columns.append((app, { row in row.url.verdicts.first { $0.appID == app }?.result.rawValue ?? "" }))
        }
        columns += [
            (
                "deciding_rule",
                { row in row.url.verdicts.compactMap(\.rule).first.map { "\($0.pointer) \($0.rule)" } ?? "" }
            ),
            ("excluded", { row in row.url.verdicts.contains { $0.result == .exclude } ? "yes" : "no" }),
            ("note", { $0.url.note ?? "" }),
        ]
        let rows = report.domains.lazy.flatMap { domain in domain.urls.lazy.map { Row(domain: domain.domain, url: $0) }
        }
        try CSV.Table(columns).render(rows, into: sink)
    }
}
