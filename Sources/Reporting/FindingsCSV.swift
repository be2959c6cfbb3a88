import AASA
import Audit
import Foundation

/// `findings.csv`: one row per finding, entitlement findings included, its location in four columns.
public enum FindingsCSV: PassFormat {
    struct Row {
        var domain: String
        var finding: Finding
    }

    /// The columns, in order: a public contract like the report's fields.
    public static let headers = [
        "domain", "id", "severity", "message", "url", "pointer", "line", "column", "hint", "reference", "suppressed",
        "suppressed_reason",
    ]

    /// Apple's page behind each check, for findings read from reports that did not carry one.
    static let references = Dictionary(
        Catalogue.descriptions.map { ($0.id, $0.reference) }, uniquingKeysWith: { first, _ in first })

    static var table: CSV.Table<Row> {
        CSV.Table<Row>(
            Array(
                zip(
                    headers,
                    [
                        { $0.domain }, { $0.finding.id }, { $0.finding.severity.rawValue }, { $0.finding.message },
                        { $0.finding.location.url ?? "" }, { $0.finding.location.pointer ?? "" },
                        { $0.finding.location.line.map(String.init) ?? "" },
                        { $0.finding.location.column.map(String.init) ?? "" },
                        { $0.finding.hint }, { $0.finding.reference ?? references[$0.finding.id] ?? "" },
                        { $0.finding.isSuppressed ? "yes" : "no" }, { $0.finding.suppressedReason ?? "" },
                    ] as [(Row) -> String])))
    }

    /// findings.csv in a report pass: each domain's findings as the pass hands it over, then the entitlements
    /// file's and the Android manifest's (domain `(android manifest)`).
    public final class Writer: PassFormatWriter {
        private let report: StreamedReport
        private let stream: CSV.Stream<Row>

        public init(_ report: StreamedReport, sink: @escaping (String) throws -> Void) {
            self.report = report
            stream = CSV.Stream(FindingsCSV.table, sink: sink)
        }

        /// Only domains with findings are read for this file.
        public func needs(_ position: Int) -> Bool {
            let entry = report.domains.entries[position]
            return entry.reaches(.info) || entry.suppressed > 0
        }

        public func add(_ domain: DomainReport?, at position: Int) throws {
            guard needs(position), let domain else { return }
            for finding in domain.findings { try stream.add(Row(domain: domain.domain, finding: finding)) }
        }

        public func finish() throws {
            for finding in report.header.entitlements?.findings ?? [] {
                try stream.add(Row(domain: "(entitlements)", finding: finding))
            }
            for finding in report.header.androidManifest?.findings ?? [] {
                try stream.add(Row(domain: "(android manifest)", finding: finding))
            }
            try stream.finish()
        }
    }

    /// A location in one line of prose, for the HTML and JUnit reports.
    static func location(_ l: FindingLocation) -> String {
        var parts: [String] = []
        if let url = l.url { parts.append(url) }
        if let pointer = l.pointer { parts.append(pointer.isEmpty ? "(top level)" : pointer) }
        if let line = l.line { parts.append("line \(line)" + (l.column.map { ", column \($0)" } ?? "")) }
        return parts.joined(separator: " ")
    }
}
