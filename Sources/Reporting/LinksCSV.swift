import AASA
import Audit
import Foundation

/// `links.csv`: one row per link, worst first, in the columns a marketing-operations team filters on.
public enum LinksCSV {
    /// The columns, in order: a public contract like links.json's fields.
    public static let headers = [
        "source", "url", "tier", "app_id", "rule", "hops", "final_url", "final_status", "findings",
    ]

    static var table: CSV.Table<LinkResult> {
        CSV.Table<LinkResult>(
            zip(
                headers,
                [
                    { $0.source }, { $0.url }, { $0.tier.rawValue }, { $0.appID ?? "" }, { $0.rule ?? "" },
                    { String($0.redirects) }, { $0.chain.last?.url ?? $0.url },
                    { $0.chain.last?.httpStatus.map(String.init) ?? "" },
                    { $0.findings.map { "\($0.id) (\($0.severity.rawValue)): \($0.message)" }.joined(separator: "; ") },
                ] as [(LinkResult) -> String]
            ).map { ($0.0, $0.1) })
    }

    public static func render(_ report: LinksReport) -> String { table.render(report.worstFirst) }
}
