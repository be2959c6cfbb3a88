import AASA

/// links.json's `domains`: each host whose file a run consulted, by name. A run keeps only a line of numbers per
/// host and reads each report back from its `ReportSpool` when a writer asks for it; a report read from a
/// links.json is held in memory.
public struct ConsultedDomains: Sendable, RandomAccessCollection {
    /// What the terminal says of a domain, kept in memory.
    public struct Summary: Sendable {
        public var domain: String
        public var verdict: DomainReport.Verdict
        public var errors: Int
        public var warnings: Int
        /// The IDs of its warnings and errors, each once, sorted.
        public var ids: [String]
        var location: ReportSpool.Location

        public init(_ report: DomainReport, at location: ReportSpool.Location) {
            domain = report.domain
            verdict = report.verdict
            errors = report.findings.count { $0.severity == .error }
            warnings = report.findings.count { $0.severity == .warning }
            ids = Array(Set(report.findings.filter { $0.severity >= .warning }.map(\.id))).sorted()
            self.location = location
        }
    }

    public let summaries: [Summary]
    let spool: ReportSpool?

    public init(_ summaries: [Summary], spool: ReportSpool?) {
        self.summaries = summaries
        self.spool = spool
    }

    /// Reports already in memory (read from a links.json, or made by a test).
    public init(_ reports: [DomainReport]) {
        self.init(reports.map { Summary($0, at: .memory($0)) }, spool: nil)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { summaries.count }

    /// The report, read back; one that cannot be read back (the spool's file was damaged) keeps its name and says so.
    public subscript(position: Int) -> DomainReport {
        let summary = summaries[position]
        if let spool, let report = spool.load(summary.location) { return report }
        if case .memory(let report) = summary.location { return report }
        return DomainReport(
            domain: summary.domain, notes: ["Its report could not be read back from the run's temporary file."],
            fetches: [], apps: [], findings: [])
    }
}

extension ConsultedDomains: Codable, StreamedJSONArray {
    public init(from decoder: any Decoder) throws {
        self.init(try [DomainReport](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for report in self { try container.encode(report) }
    }

    /// One report at a time, read back as it is written.
    func forEachJSONElement(_ body: (any Encodable) throws -> Void) throws {
        for report in self { try body(report) }
    }
}
