import AASA
import Foundation

/// A run's report with its domains read one at a time from a `DomainStream`: what every writer renders, so a run
/// of 100,000 domains never holds them all. report.json written from it has the same bytes as the whole report's.
public struct StreamedReport: Sendable {
    /// Every field of the report but `domains` (left empty); its summary counts the stream's domains.
    public var header: AuditReport
    public var domains: DomainStream
    /// The links the run's crawls spooled, for inlinks.csv and the HTML's linking pages; nil when none were kept
    /// (no crawl, a report read back, `merge`).
    public var inlinks: InlinkSpool?

    /// `header`'s summary is worked out from `domains`' entries and its app findings (entitlements, Android manifest).
    public init(header: AuditReport, domains: DomainStream) {
        self.domains = domains
        self.header = header
        self.header.domains = []
        let entries = domains.entries
        let entitlements = header.appFindings
        func sum(_ value: (DomainStream.Entry) -> Int) -> Int { entries.reduce(0) { $0 + value($1) } }
        self.header.summary = AuditReport.Summary(
            domains: entries.count, errors: sum(\.errors) + entitlements.count(.error),
            warnings: sum(\.warnings) + entitlements.count(.warning), infos: sum(\.infos) + entitlements.count(.info),
            urlsTested: sum(\.urlsTested), urlsOpeningApp: sum(\.urlsOpeningApp), urlsUnknown: sum(\.urlsUnknown),
            passed: sum { $0.verdict == .pass ? 1 : 0 }, warned: sum { $0.verdict == .warn ? 1 : 0 },
            failed: sum { $0.verdict == .fail ? 1 : 0 })
        let suppressed = sum(\.suppressed) + entitlements.suppressedCount
        self.header.summary.suppressed = suppressed > 0 ? suppressed : nil
    }

    /// A report held whole, as a stream over its domains (its summary kept).
    public init(_ report: AuditReport) {
        header = report
        header.domains = []
        domains = DomainStream(report.domains)
    }

    public var summary: AuditReport.Summary { header.summary }

    /// Whether any domain's, the entitlements file's or the Android manifest's finding is at `severity` or worse: the
    /// exit status.
    public func reaches(_ severity: Severity) -> Bool {
        domains.entries.contains { $0.reaches(severity) } || header.appFindings.contains(atLeast: severity)
    }

    /// report.json's bytes in pieces of about 64 KiB, a domain at a time.
    public func writeJSON(into sink: (Data) throws -> Void) throws {
        try withoutActuallyEscaping(sink) { sink in try pass([JSONWriter(self, sink: sink)]) }
    }

    /// report.json in a pass: the report's members before `domains`, each domain as the pass hands it over, then
    /// the members after, in the encoder's sorted order and layout.
    public final class JSONWriter: ReportPassWriter {
        private var writer: StreamedJSONWriter
        /// The report's members after `domains`.
        private var after: [MemberList.Member] = []
        private var written = 0

        public init(_ report: StreamedReport, sink: @escaping (Data) throws -> Void) throws {
            writer = StreamedJSONWriter(sink: sink)
            guard let members = MemberList.members(of: report.header) else {
                // Not one flat object: written whole, its (empty) domains with it.
                try writer.write(report.header, depth: 0)
                return
            }
            let sorted = StreamedJSONWriter.sorted(members)
            let split = sorted.firstIndex { $0.key == "domains" } ?? sorted.endIndex
            writer.open("{", depth: 0)
            for (position, member) in sorted[..<split].enumerated() {
                try writer.write(member, first: position == 0, depth: 0)
            }
            guard split < sorted.endIndex else {
                try writer.close("}", depth: 0)
                return
            }
            try writer.key("domains", first: split == 0, depth: 0)
            writer.open("[", depth: 1)
            after = Array(sorted[(split + 1)...])
            opened = true
        }

        /// Whether `domains` was opened (the report is one flat object).
        private var opened = false

        public func needs(_ position: Int) -> Bool { opened }

        public func add(_ domain: DomainReport?, at position: Int) throws {
            try add(domain, json: nil, at: position)
        }

        public func add(_ domain: DomainReport?, json: ArraySlice<UInt8>?, at position: Int) throws {
            guard opened, let domain else { return }
            if let json {
                try writer.element(json: json, first: written == 0, depth: 1)
            } else {
                try writer.element(domain, first: written == 0, depth: 1)
            }
            written += 1
        }

        public func finish() throws {
            if opened {
                try writer.close("]", depth: 1)
                for member in after { try writer.write(member, first: false, depth: 0) }
                try writer.close("}", depth: 0)
            }
            try writer.flush()
        }
    }
}
