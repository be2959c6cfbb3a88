import AASA
import Audit
import Foundation

/// `urls.csv`: one row per URL a crawl found, in the columns a link or SEO team filters on; the README lists them.
public enum URLsCSV: PassFormat {
    struct Row {
        var domain: String
        var url: URLReport
    }

    /// The columns, in order: a public contract like the report's fields.
    public static let headers = [
        "domain", "url", "opens_app", "app_id", "apps", "rule", "rule_location", "http_status", "redirect_to", "depth",
        "found_on", "inlinks", "anchor_text", "note", "href",
    ]

    /// The columns a run that judged Android (`--android-manifest`) adds after `headers`; other runs have none.
    public static let androidHeaders = ["opens_android", "android_package", "android_rule"]

    /// The columns every run ends with, after the Android ones where there are any: a column added since is added
    /// here, so it is the last in both kinds of run and a reader of the earlier columns by position keeps working.
    public static let lastHeaders = ["content_type"]

    /// The row's note (the Android notes among it), then why its answer is unknown: `opens_app` (or
    /// `opens_android`) says `unknown`, and this says why.
    static func note(_ url: URLReport) -> String {
        [url.note, url.unknownReason, url.android?.unknownReason.map { "Android: " + $0 }].compactMap { $0 }
            .joined(separator: "; ")
    }

    /// Whether the rows of `report` carry Android answers, so the table has the Android columns.
    static func judgesAndroid(_ report: StreamedReport) -> Bool {
        report.domains.entries.contains(where: \.androidJudged)
    }

    /// The table, with the Android columns last when `android`.
    static func table(android: Bool) -> CSV.Table<Row> {
        var table = appleTable
        if android {
            let values: [(Row) -> String] = [
                { $0.url.android?.answer ?? "" }, { $0.url.android?.package ?? "" }, { $0.url.android?.rule ?? "" },
            ]
            table.add(zip(androidHeaders, values).map { (header: $0, value: $1) })
        }
        let last: [(Row) -> String] = [{ $0.url.contentType ?? "" }]
        table.add(zip(lastHeaders, last).map { (header: $0, value: $1) })
        return table
    }

    static var appleTable: CSV.Table<Row> {
        CSV.Table<Row>(
            Array(
                zip(
                    headers,
                    [
                        { $0.domain }, { $0.url.url }, { $0.url.answer }, { $0.url.opensApp ?? "" },
                        { $0.url.apps.joined(separator: ";") }, { $0.url.decidingRule?.rule ?? "" },
                        { $0.url.decidingRule?.pointer ?? "" },
                        { $0.url.httpStatus.map(String.init) ?? "" }, { $0.url.redirectTo ?? "" },
                        { $0.url.depth.map(String.init) ?? "" }, { $0.url.foundOn ?? "" },
                        { $0.url.inlinks.map(String.init) ?? "" }, { $0.url.anchorText ?? "" },
                        { URLsCSV.note($0.url) },
                        { $0.url.href ?? "" },
                    ] as [(Row) -> String])))
    }

    /// urls.csv in a report pass: the rows of each crawled domain as the pass hands it over, each URL's verdicts
    /// worked out as its row is written.
    public final class Writer: PassFormatWriter {
        private let entries: [DomainStream.Entry]
        private let stream: CSV.Stream<Row>

        public init(_ report: StreamedReport, sink: @escaping (String) throws -> Void) {
            entries = report.domains.entries
            stream = CSV.Stream(URLsCSV.table(android: URLsCSV.judgesAndroid(report)), sink: sink)
        }

        /// Domains without a crawl have no rows: they are not read for this file.
        public func needs(_ position: Int) -> Bool {
            entries[position].urlsTested > 0 || entries[position].crawled
        }

        public func add(_ domain: DomainReport?, at position: Int) throws {
            guard needs(position), let domain else { return }
            for url in domain.urls { try stream.add(Row(domain: domain.domain, url: url)) }
        }

        public func finish() throws { try stream.finish() }
    }
}
