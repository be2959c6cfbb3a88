import AASA
import Audit
import Foundation

/// `links.csv`: one row per link, worst first, in the columns a marketing-operations team filters on, then one row
/// per entry skipped for its scheme (an App Store button, a mail link…), so every entry of the list is in the
/// sheet: its `tier` is empty and `skipped_kind` and `skipped_reason` say what it is and why it is not judged.
public enum LinksCSV {
    /// The columns, in order: a public contract like links.json's fields.
    public static let headers = [
        "source", "url", "tier", "app_id", "rule", "hops", "final_url", "final_status", "findings", "skipped_kind",
        "skipped_reason", "text",
    ]

    /// A row: a judged link or a skipped entry.
    enum Row {
        case link(LinkResult)
        case skipped(SkippedLink)

        /// Where the entry was written (`FILE:LINE`, or "argument").
        var source: String {
            switch self {
            case .link(let link): link.source
            case .skipped(let entry): entry.source
            }
        }

        /// `value` of a judged link; empty for a skipped entry.
        func link(_ value: (LinkResult) -> String) -> String {
            if case .link(let link) = self { return value(link) }
            return ""
        }

        /// `value` of a skipped entry; empty for a judged link.
        func skipped(_ value: (SkippedLink) -> String) -> String {
            if case .skipped(let entry) = self { return value(entry) }
            return ""
        }
    }

    static var table: CSV.Table<Row> {
        CSV.Table<Row>(
            zip(
                headers,
                [
                    {
                        switch $0 {
                        case .link(let link): link.source
                        case .skipped(let entry): entry.source
                        }
                    },
                    {
                        switch $0 {
                        case .link(let link): link.url
                        case .skipped(let entry): entry.input
                        }
                    },
                    { $0.link { $0.tier.rawValue } }, { $0.link { $0.appID ?? "" } }, { $0.link { $0.rule ?? "" } },
                    { $0.link { String($0.redirects) } }, { $0.link { $0.chain.last?.url ?? $0.url } },
                    { $0.link { $0.chain.last?.httpStatus.map(String.init) ?? "" } },
                    {
                        $0.link {
                            $0.findings.map { "\($0.id) (\($0.severity.rawValue)): \($0.message)" }.joined(
                                separator: "; ")
                        }
                    },
                    { $0.skipped { $0.kind.rawValue } }, { $0.skipped { $0.reason } }, { $0.link { $0.text ?? "" } },
                ] as [(Row) -> String]
            ).map { ($0.0, $0.1) })
    }

    /// `columns`: a CSV list's other columns, written after ours for each entry of that list.
    public static func render(_ report: LinksReport, columns: ListColumns = ListColumns()) -> String {
        var table = table
        for header in columns.headers {
            let name = headers.contains(header.lowercased()) ? "input_" + header : header
            table.add([(name, { columns.cell(header, source: $0.source) })])
        }
        return table.render(report.worstFirst.map(Row.link) + report.skipped.map(Row.skipped))
    }
}
