import AASA
import Audit
import Foundation

/// `inlinks.csv`: one row per link a crawled page carries, as Screaming Frog's "All Inlinks" export lists them
/// (every link, a page's repeats included, its text and `rel`), so "where is this URL linked from, and how?" has a
/// full answer. Written only when a crawl ran; each site's list stops at `--max-inlinks` and report.json counts the
/// rest (`crawl.inlinksOmitted`).
public enum InlinksCSV {
    struct Row {
        var domain: String
        var link: Inlink
        var status: Int?
    }

    /// The columns, in order: a public contract like the report's fields. `domain` comes first only when several
    /// domains were audited.
    public static let headers = ["from", "to", "href", "anchor_text", "rel", "depth", "type", "http_status"]

    /// The table in pieces, a site at a time in report order; each target's HTTP status read from its site's URL
    /// table.
    public static func render(_ report: StreamedReport, spool: InlinkSpool, into sink: (String) throws -> Void) throws {
        try withoutActuallyEscaping(sink) { sink in try report.pass([Writer(report, spool: spool, sink: sink)]) }
    }

    /// inlinks.csv in a report pass: each crawled site's spooled links as the pass hands the site over.
    public final class Writer: ReportPassWriter {
        private let entries: [DomainStream.Entry]
        private let spool: InlinkSpool
        private let stream: CSV.Stream<Row>

        public init(_ report: StreamedReport, spool: InlinkSpool, sink: @escaping (String) throws -> Void) {
            entries = report.domains.entries
            self.spool = spool
            var columns: [(header: String, value: (Row) -> String)] = [
                ("from", { $0.link.from }), ("to", { $0.link.to }), ("href", { $0.link.href }),
                ("anchor_text", { $0.link.anchorText }), ("rel", { $0.link.rel }),
                ("depth", { $0.link.depth.map(String.init) ?? "" }), ("type", { $0.link.type }),
                ("http_status", { $0.status.map(String.init) ?? "" }),
            ]
            if report.domains.count > 1 { columns.insert(("domain", { $0.domain }), at: 0) }
            stream = CSV.Stream(CSV.Table(columns), sink: sink)
        }

        public func needs(_ position: Int) -> Bool { entries[position].crawled }

        public func add(_ domain: DomainReport?, at position: Int) throws {
            guard needs(position), let domain else { return }
            try spool.forEach(site: domain.domain) { link in
                var status: Int?
                if link.row >= 0, link.row < domain.urls.count, domain.urls.hasURL(link.to, at: link.row) {
                    status = domain.urls.status(at: link.row)
                }
                try stream.add(Row(domain: domain.domain, link: link, status: status))
            }
        }

        public func finish() throws { try stream.finish() }
    }
}
