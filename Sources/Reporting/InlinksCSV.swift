import AASA
import Audit
import Foundation

/// `inlinks.csv`: one row per link a crawled page carries, as Screaming Frog's "All Inlinks" export lists them
/// (every link, a page's repeats included, its text and `rel`), so "where is this URL linked from, and how?" has a
/// full answer. Written only when a crawl ran; each site's list stops at `--max-inlinks` and report.json counts the
/// rest (`crawl.inlinksOmitted`).
public enum InlinksCSV {
    /// A link as the spool holds it: its texts are written into cells from their bytes.
    struct Row {
        var domain: String
        var link: EncodedInlink
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
            // Closures, not key paths: a key path read per cell cost more than the cell.
            func text(_ field: @escaping (EncodedInlink) -> UnsafeBufferPointer<UInt8>) -> (Row, inout [UInt8]) -> Void
            {
                { row, out in CSV.appendCell(utf8: field(row.link), to: &out) }
            }
            func number(_ value: @escaping (Row) -> Int?) -> (Row, inout [UInt8]) -> Void {
                { row, out in if let value = value(row) { CSV.appendCell(String(value), to: &out) } }
            }
            var cells: [(header: String, append: (Row, inout [UInt8]) -> Void)] = [
                ("from", text { $0.from }), ("to", text { $0.to }), ("href", text { $0.href }),
                ("anchor_text", text { $0.anchorText }), ("rel", text { $0.rel }), ("depth", number { $0.link.depth }),
                ("type", text { $0.type }), ("http_status", number { $0.status }),
            ]
            if report.domains.count > 1 { cells.insert(("domain", { CSV.appendCell($0.domain, to: &$1) }), at: 0) }
            stream = CSV.Stream(CSV.Table(cells: cells), sink: sink)
        }

        public func needs(_ position: Int) -> Bool { entries[position].crawled }

        public func add(_ domain: DomainReport?, at position: Int) throws {
            guard needs(position), let domain else { return }
            try spool.forEachEncoded(site: domain.domain) { link in
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
