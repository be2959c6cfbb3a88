import AASA
import Foundation

/// links.json: every link with its tier, chain and findings, the entries skipped for their scheme, the lines that
/// were not links, and each consulted domain in report.json's domain shape.
public struct LinksReport: Codable, Sendable {
    public struct Summary: Codable, Sendable, Equatable {
        public var links: Int
        public var opensApp: Int
        public var safariFirst: Int
        public var never: Int
        public var broken: Int
        public var customScheme: Int
        /// Entries not judged: those skipped for their scheme (listed in `skipped`, or counted past it) and empty or
        /// fragment-only hrefs.
        public var skipped: Int
    }

    public var schemaVersion = 1
    public var tool: AuditReport.Tool
    public var startedAt: Date
    public var finishedAt: Date
    /// The run was stopped (SIGINT/SIGTERM): `links` holds only those that finished.
    public var interrupted: Bool
    public var summary: Summary
    public var links: [LinkResult]
    /// The first `RefusedInputs.kept` entries skipped for their scheme (App Store, mail, phone, `ftp:`…), each with
    /// its kind and reason.
    public var skipped: [SkippedLink]
    /// Entries skipped for their scheme past those in `skipped`: counted, not listed; nil when none was left out.
    public var skippedOmitted: Int?
    /// The first `RefusedInputs.kept` lines that were not links.
    public var inputErrors: [InputError]
    /// Lines that were not links past those in `inputErrors`: counted, not listed; nil when none was left out.
    public var inputErrorsOmitted: Int?
    public var domains: ConsultedDomains

    public init(
        version: String, startedAt: Date, finishedAt: Date, interrupted: Bool, links: [LinkResult], skipped: Int,
        skippedLinks: SkippedLinks = SkippedLinks(), inputErrors: [InputError], inputErrorsOmitted: Int = 0,
        domains: ConsultedDomains
    ) {
        self.skipped = skippedLinks.entries
        self.skippedOmitted = skippedLinks.omitted > 0 ? skippedLinks.omitted : nil
        self.inputErrorsOmitted = inputErrorsOmitted > 0 ? inputErrorsOmitted : nil
        tool = AuditReport.Tool(name: "aasa-audit", version: version)
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.interrupted = interrupted
        self.links = links
        self.inputErrors = inputErrors
        self.domains = domains
        func count(_ tier: LinkTier) -> Int { links.count { $0.tier == tier } }
        summary = Summary(
            links: links.count, opensApp: count(.opensApp), safariFirst: count(.safariFirst), never: count(.never),
            broken: count(.broken), customScheme: count(.customScheme), skipped: skipped)
    }

    /// The lines that were not links: those listed and the count of the rest.
    public var refused: RefusedInputs {
        RefusedInputs(errors: inputErrors, omitted: max(0, inputErrorsOmitted ?? 0))
    }

    /// The entries skipped for their scheme: those listed and the count of the rest.
    public var skippedLinks: SkippedLinks { SkippedLinks(entries: skipped, omitted: max(0, skippedOmitted ?? 0)) }

    /// The links worst first (broken, never, safari-first, custom-scheme, opens-app), input order within a tier.
    public var worstFirst: [LinkResult] {
        links.enumerated().sorted { a, b in
            a.element.tier.rank != b.element.tier.rank ? a.element.tier.rank < b.element.tier.rank : a.offset < b.offset
        }.map(\.element)
    }

    /// Whether some link fails a run run with `--fail-on threshold`.
    public func fails(at threshold: LinkTier) -> Bool { links.contains { $0.tier.fails(at: threshold) } }

    /// links.json's bytes, in `JSONOutput`'s format, streamed.
    public func writeJSON(into sink: (Data) throws -> Void) throws { try JSONOutput.write(self, into: sink) }
}

/// Written member by member: its links and domains one at a time, never one tree of encoder values.
extension LinksReport: StreamedJSONObject {}
