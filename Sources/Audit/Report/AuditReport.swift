import AASA
import Foundation

/// A whole run: what every report writer renders and what a baseline diff compares.
public struct AuditReport: Codable, Sendable {
    public struct Tool: Codable, Sendable {
        public var name: String
        public var version: String
    }

    public struct Summary: Codable, Sendable {
        public var domains: Int
        public var errors: Int
        public var warnings: Int
        public var infos: Int
        public var urlsTested: Int
        public var urlsOpeningApp: Int
        /// Crawled URLs on hosts whose file was not read (or left unjudged by a signal): neither yes nor no. Absent
        /// in reports written before it existed.
        public var urlsUnknown: Int?
        public var passed: Int
        public var warned: Int
        public var failed: Int
        /// Findings an ignore entry silenced (those a truncation left out included): not in the counts above, nor
        /// in verdicts or the exit status; nil (not written) when none was.
        public var suppressed: Int? = nil
    }

    public var schemaVersion = 1
    public var tool: Tool
    public var startedAt: Date
    public var finishedAt: Date
    /// The run was stopped (SIGINT/SIGTERM); `domains` holds only those that finished.
    public var interrupted: Bool
    /// Domains that were asked for but did not finish because the run was interrupted.
    public var notAudited: [String]
    /// Input lines that could not be audited (`--domains FILE`), the first `RefusedInputs.kept`; nil when there
    /// were none.
    public var inputErrors: [InputError]?
    /// Refused input lines past those in `inputErrors`: counted, not listed; nil when none was left out.
    public var inputErrorsOmitted: Int?
    public var summary: Summary
    public var domains: [DomainReport]
    /// The entitlements file read with `--entitlements`, and the findings about its entries.
    public var entitlements: EntitlementsReport?
    /// The Android app's manifest read with `--android-manifest`, and the findings about it.
    public var androidManifest: AndroidManifestReport?
    /// Present when a baseline was compared (`--baseline`, or the previous run under Reports/).
    public var changes: Changes?
    /// Which part of a split run this is (`audit --shard I/N`); absent in a whole run and in a merged one.
    public var shard: Shard?
    /// The options that change findings, by name with their values (defaults included; a flag given is "true"),
    /// recorded with `--shard` so `merge` can refuse shards run differently; a merged report keeps them.
    public var options: [String: String]?
    /// The schemes `--info-plist` declared, kept so `merge` judges every shard's scheme links as one run would.
    public var urlSchemes: URLSchemes?
    /// Ignore entries (`.aasa-audit.json`, `--ignore`) that matched no finding in this run, so stale ones surface;
    /// nil when every entry matched, or when the run was not whole (interrupted, resumed or one shard).
    public var unusedIgnores: [IgnoreRule]?

    public struct EntitlementsReport: Codable, Sendable {
        public var file: String
        public var appID: String?
        public var entries: [String]
        public var findings: [Finding]

        public init(file: String, appID: String?, entries: [String], findings: [Finding]) {
            self.file = file
            self.appID = appID
            self.entries = entries
            self.findings = findings
        }
    }

    public init(
        version: String, startedAt: Date, finishedAt: Date, interrupted: Bool, notAudited: [String],
        domains: [DomainReport], entitlements: EntitlementsReport? = nil,
        androidManifest: AndroidManifestReport? = nil, inputErrors: [InputError] = [], inputErrorsOmitted: Int = 0
    ) {
        self.entitlements = entitlements
        self.androidManifest = androidManifest
        self.inputErrors = inputErrors.isEmpty ? nil : inputErrors
        self.inputErrorsOmitted = inputErrorsOmitted > 0 ? inputErrorsOmitted : nil
        tool = Tool(name: "aasa-audit", version: version)
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.interrupted = interrupted
        self.notAudited = notAudited
        self.domains = domains
        // Every finding counts, those a `findings-truncated` finding stands for included.
        let findings = domains.flatMap(\.findings) + AuditReport.appFindings(entitlements, androidManifest)
        let tallies = domains.map { $0.urls.tally() }
        summary = Summary(
            domains: domains.count, errors: findings.count(.error), warnings: findings.count(.warning),
            infos: findings.count(.info),
            urlsTested: tallies.map(\.tested).reduce(0, +), urlsOpeningApp: tallies.map(\.opening).reduce(0, +),
            urlsUnknown: tallies.map(\.unknown).reduce(0, +),
            passed: domains.filter { $0.verdict == .pass }.count, warned: domains.filter { $0.verdict == .warn }.count,
            failed: domains.filter { $0.verdict == .fail }.count)
        let suppressed = findings.suppressedCount
        summary.suppressed = suppressed > 0 ? suppressed : nil
    }

    /// The refused input lines: those listed and the count of the rest.
    public var refused: RefusedInputs {
        RefusedInputs(errors: inputErrors ?? [], omitted: max(0, inputErrorsOmitted ?? 0))
    }

    /// Every domain's findings, the entitlements file's and the Android manifest's: what the summary counts and the
    /// exit status judges.
    public var allFindings: [Finding] { domains.flatMap(\.findings) + appFindings }

    /// report.json's bytes: `JSONOutput`'s format (sorted keys, ISO 8601 dates, no escaped slashes).
    public func json() throws -> Data {
        var data = Data()
        try writeJSON { data.append($0) }
        return data
    }

    /// The same bytes in pieces of about 64 KiB: one domain at a time, and within a domain its URLs a few
    /// hundred rows at a time, so neither a thousand domains nor a 100,000-URL crawl is ever one tree of encoder
    /// values or one buffer.
    public func writeJSON(into sink: (Data) throws -> Void) throws {
        try JSONOutput.write(self, into: sink)
    }

    /// A report.json read back whole, every URL with its verdicts. Throws a `ReportReadError` naming what is
    /// wrong and where when the file is not a report.
    public static func read(at path: String) throws -> AuditReport {
        try ReportReader.read(path: path, urls: .full)
    }

    /// A report.json read a domain at a time, for work that goes through reports without holding them whole:
    /// `each` gets every domain as it is read, URLs and verdicts included. Returns the report's other fields,
    /// `domains` left empty.
    public static func read(at path: String, eachDomain each: (DomainReport) throws -> Void) throws -> AuditReport {
        try ReportReader.stream(path: path, urls: .full, each: each)
    }

    /// A previous report as a baseline: each crawled URL keeps only the app it opened, so a 100,000-URL
    /// baseline does not cost its verdicts again. The file is read a domain at a time, so memory stays around
    /// one domain's findings and the kept URLs.
    public static func baseline(at path: String) throws -> AuditReport {
        try ReportReader.read(path: path, urls: .openedApp)
    }

    /// A previous report read from end to end without keeping its domains (a baseline is then compared a domain
    /// at a time, `Changes.compare(baselineAt:_:)`): its other fields, `domains` left empty. Throws a
    /// `ReportReadError` when the file is not a report.
    public static func checkedBaseline(at path: String) throws -> AuditReport {
        try ReportReader.stream(path: path, urls: .openedApp) { _ in }
    }

    /// A report.json held in memory; throws a `ReportReadError` when it is not one.
    public static func decode(_ data: Data) throws -> AuditReport {
        try ReportReader.read(data, urls: .full)
    }
}

/// Written member by member, its domains one at a time.
extension AuditReport: StreamedJSONObject {}
