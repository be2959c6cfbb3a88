import AASA
import Audit
import Foundation

/// RFC 4180 text with spreadsheet formulas neutralised: site content must never run in someone's spreadsheet.
public enum CSV {
    /// Quotes when needed; a cell starting with = + - @ tab or CR gets a leading apostrophe (OWASP CSV injection).
    public static func cell(_ text: String) -> String {
        // On bytes: urls.csv has a cell per column for every crawled URL.
        let utf8 = text.utf8
        let formula = utf8.first.map { "=+-@\t\r".utf8.contains($0) } ?? false
        let quote = utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard formula || quote else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 4)
        if quote { out.append(UInt8(ascii: "\"")) }
        if formula { out.append(UInt8(ascii: "'")) }
        for byte in utf8 {
            out.append(byte)
            if byte == UInt8(ascii: "\"") { out.append(byte) }
        }
        if quote { out.append(UInt8(ascii: "\"")) }
        return String(decoding: out, as: UTF8.self)
    }

    /// A table whose columns (header and value) are declared once, so headers and cells never drift apart.
    public struct Table<Row> {
        public var columns: [(header: String, value: (Row) -> String)]

        public init(_ columns: [(header: String, value: (Row) -> String)]) { self.columns = columns }

        public func render(_ rows: [Row]) -> String {
            var text = ""
            render(rows) { text += $0 }
            return text
        }

        /// Hands the text over in pieces of about 64 KiB, so a 100,000-row table never exists in one string.
        public func render<Rows: Sequence>(_ rows: Rows, into sink: (String) throws -> Void) rethrows
        where Rows.Element == Row {
            var chunk = columns.map { cell($0.header) }.joined(separator: ",") + "\r\n"
            for row in rows {
                chunk += columns.map { cell($0.value(row)) }.joined(separator: ",") + "\r\n"
                if chunk.utf8.count >= 65_536 {
                    try sink(chunk)
                    chunk = ""
                }
            }
            try sink(chunk)
        }
    }
}

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

/// `findings.csv`: one row per finding, entitlement findings included.
public enum FindingsCSV {
    struct Row {
        var domain: String
        var finding: Finding
    }

    public static func render(_ report: AuditReport) -> String {
        let table = CSV.Table<Row>([
            ("domain", { $0.domain }), ("id", { $0.finding.id }), ("severity", { $0.finding.severity.rawValue }),
            ("message", { $0.finding.message }), ("location", { location($0.finding.location) }),
            ("hint", { $0.finding.hint }),
        ])
        var rows = report.domains.flatMap { d in d.findings.map { Row(domain: d.domain, finding: $0) } }
        rows += (report.entitlements?.findings ?? []).map { Row(domain: "(entitlements)", finding: $0) }
        return table.render(rows)
    }

    static func location(_ l: FindingLocation) -> String {
        var parts: [String] = []
        if let url = l.url { parts.append(url) }
        if let pointer = l.pointer { parts.append(pointer.isEmpty ? "(top level)" : pointer) }
        if let line = l.line { parts.append("line \(line)" + (l.column.map { ", column \($0)" } ?? "")) }
        return parts.joined(separator: " ")
    }
}
