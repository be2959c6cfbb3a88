import AASA
import Foundation

/// One audited domain, in the report's shape (DESIGN §7).
public struct DomainReport: Codable, Sendable {
    public var domain: String
    /// The name as given, when it differs (a URL, an entitlement line, a Unicode name).
    public var input: String?
    /// The Unicode form of an internationalised name.
    public var unicode: String?
    public var notes: [String]
    public var verdict: Verdict
    public var fetches: [Exchange]
    public var apps: [AppServices]
    public var findings: [Finding]
    /// The app's entitlement entries this domain's file serves.
    public var entitlements: [String]
    /// The text of the file the checks read (at most 128 KiB), so reports can quote it and baselines diff it.
    public var file: String?
    /// Present when the site was crawled.
    public var crawl: CrawlSummary?
    /// Every URL the crawl found, with per-app verdicts.
    public var urls: URLTable

    public struct CrawlSummary: Codable, Sendable {
        public var pagesFetched: Int
        public var urlsDiscovered: Int
        public var stoppedBecause: String
        public var robotsDisallowed: Int
        public var trapsSkipped: Int
        public var otherSchemes: [String: Int]
        public var ruleHits: [RuleHits]

        public init(
            pagesFetched: Int, urlsDiscovered: Int, stoppedBecause: String, robotsDisallowed: Int, trapsSkipped: Int,
            otherSchemes: [String: Int], ruleHits: [RuleHits]
        ) {
            self.pagesFetched = pagesFetched
            self.urlsDiscovered = urlsDiscovered
            self.stoppedBecause = stoppedBecause
            self.robotsDisallowed = robotsDisallowed
            self.trapsSkipped = trapsSkipped
            self.otherSchemes = otherSchemes
            self.ruleHits = ruleHits
        }
    }

    public enum Verdict: String, Codable, Sendable { case pass, warn, fail }

    public init(
        domain: String, input: String? = nil, unicode: String? = nil, notes: [String] = [], fetches: [Exchange],
        apps: [AppServices], findings: [Finding], entitlements: [String] = [], crawl: CrawlSummary? = nil,
        urls: URLTable = URLTable(), file: String? = nil
    ) {
        self.file = file
        self.entitlements = entitlements
        self.crawl = crawl
        self.urls = urls
        self.domain = domain
        self.input = input
        self.unicode = unicode
        self.notes = notes
        self.fetches = fetches
        self.apps = apps
        self.findings = findings
        verdict = DomainReport.verdict(findings)
    }

    /// This domain as one element of report.json's `domains`, `indent` spaces in, its URLs written row by row
    /// where the table's marker lands.
    func writeJSON(indent: Int, into sink: (Data) throws -> Void) throws {
        let encoder = AuditReport.encoder()
        let marker = "aasa-audit-urls-" + UUID().uuidString
        encoder.userInfo[URLTable.placeholder] = marker
        let pad = [UInt8](repeating: UInt8(ascii: " "), count: indent)
        // JSON text has no raw newlines inside strings, so indenting every line is safe; JSONEncoder leaves the
        // blank line of an empty array unindented, and so do we.
        var text = pad
        var atLineStart = false
        for byte in try encoder.encode(self) {
            if atLineStart && byte != UInt8(ascii: "\n") { text += pad }
            atLineStart = byte == UInt8(ascii: "\n")
            text.append(byte)
        }
        let quoted = Array(("\"" + marker + "\"").utf8)
        guard let found = text.firstRange(of: quoted) else { return try sink(Data(text)) }
        try sink(Data(text[..<found.lowerBound]))
        let lineStart = (text[..<found.lowerBound].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        try ReportJSON.write(urls, indent: text[lineStart...].prefix { $0 == UInt8(ascii: " ") }.count, into: sink)
        try sink(Data(text[found.upperBound...]))
    }

    public static func verdict(_ findings: [Finding]) -> Verdict {
        if findings.contains(where: { $0.severity == .error }) { return .fail }
        if findings.contains(where: { $0.severity == .warning }) { return .warn }
        return .pass
    }
}

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
        public var passed: Int
        public var warned: Int
        public var failed: Int
    }

    public var schemaVersion = 1
    public var tool: Tool
    public var startedAt: Date
    public var finishedAt: Date
    /// The run was stopped (SIGINT/SIGTERM); `domains` holds only those that finished.
    public var interrupted: Bool
    /// Domains that were asked for but did not finish because the run was interrupted.
    public var notAudited: [String]
    public var summary: Summary
    public var domains: [DomainReport]
    /// The entitlements file read with `--entitlements`, and the findings about its entries.
    public var entitlements: EntitlementsReport?
    /// Present when a baseline was compared (`--baseline`, or the previous run under Reports/).
    public var changes: Changes?

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
        domains: [DomainReport], entitlements: EntitlementsReport? = nil
    ) {
        self.entitlements = entitlements
        tool = Tool(name: "aasa-audit", version: version)
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.interrupted = interrupted
        self.notAudited = notAudited
        self.domains = domains
        let findings = domains.flatMap(\.findings) + (entitlements?.findings ?? [])
        let tallies = domains.map { $0.urls.tally() }
        summary = Summary(
            domains: domains.count, errors: findings.filter { $0.severity == .error }.count,
            warnings: findings.filter { $0.severity == .warning }.count,
            infos: findings.filter { $0.severity == .info }.count,
            urlsTested: tallies.map(\.tested).reduce(0, +), urlsOpeningApp: tallies.map(\.opening).reduce(0, +),
            passed: domains.filter { $0.verdict == .pass }.count, warned: domains.filter { $0.verdict == .warn }.count,
            failed: domains.filter { $0.verdict == .fail }.count)
    }

    /// Deterministic JSON: sorted keys, ISO 8601 dates, no escaped slashes.
    public func json() throws -> Data {
        var data = Data()
        try writeJSON { data.append($0) }
        return data
    }

    /// The same JSON in pieces: the run's own fields through JSONEncoder, then one domain at a time, and within
    /// a domain its URLs row by row, so neither a thousand domains nor a 100,000-URL crawl is ever one tree of
    /// encoder values.
    public func writeJSON(into sink: (Data) throws -> Void) throws {
        var shell = self
        shell.domains = []
        let skeleton = try AuditReport.encoder().encode(shell)
        // Keys are sorted and the top level is indented by two: this is the (empty) domains array.
        let slot = Data("\n  \"domains\" : [\n\n  ]".utf8)
        guard let found = skeleton.firstRange(of: slot) else { return try sink(skeleton) }
        try sink(Data(skeleton[..<found.lowerBound]) + Data("\n  \"domains\" : [\n".utf8))
        for (position, domain) in domains.enumerated() {
            if position > 0 { try sink(Data(",\n".utf8)) }
            try domain.writeJSON(indent: 4, into: sink)
        }
        try sink(Data("\n  ]".utf8) + Data(skeleton[found.upperBound...]))
    }

    /// Reads what `encoder()` writes.
    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// A previous report as a baseline: each crawled URL keeps only the app it opened, so a 100,000-URL
    /// baseline does not cost its verdicts again. The file is mapped, not read into memory.
    public static func baseline(at path: String) throws -> AuditReport {
        if let report = try BaselineReader.read(path) { return report }
        // Not in the layout this tool writes (edited, minified): the general, heavier way.
        let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        let decoder = AuditReport.decoder()
        decoder.userInfo[URLTable.baselineOnly] = true
        return try decoder.decode(AuditReport.self, from: data)
    }

    public static func decode(_ data: Data) throws -> AuditReport {
        try decoder().decode(AuditReport.self, from: data)
    }
}
