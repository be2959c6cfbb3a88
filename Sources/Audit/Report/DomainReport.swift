import AASA
import Foundation

/// One audited domain: an element of report.json's `domains`.
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
    /// True when SIGINT/SIGTERM cut this domain short while it was audited (its record in the run's log is
    /// partial, and `--resume` audits it again); nil, and absent from report.json, for a domain that finished.
    public var partial: Bool?
    /// The Android App Links audit (`audit --android`); absent for a domain audited for iOS only.
    public var android: AndroidSummary?
    /// The platforms audited, `ios` and/or `android`, in a run with `--android`; absent otherwise (every domain
    /// then had the iOS audit alone).
    public var platforms: [String]?

    public struct CrawlSummary: Codable, Sendable {
        public var pagesFetched: Int
        public var urlsDiscovered: Int
        /// `CrawlStop`'s text, kept as written: a report read back may hold a reason this version does not write.
        /// Code compares `stop`.
        public var stoppedBecause: String
        public var robotsDisallowed: Int
        public var trapsSkipped: Int
        public var otherSchemes: [String: Int]
        public var ruleHits: [RuleHits]
        /// The custom-scheme links found and their verdicts; nil when there were none.
        public var schemeLinks: SchemeLinks?
        /// Links listed in inlinks.csv, and those left out past its cap; nil when the run kept no links (a report
        /// from an older version, a run without csv).
        public var inlinks: Int?
        public var inlinksOmitted: Int?

        public init(
            pagesFetched: Int, urlsDiscovered: Int, stoppedBecause: String, robotsDisallowed: Int, trapsSkipped: Int,
            otherSchemes: [String: Int], ruleHits: [RuleHits], schemeLinks: SchemeLinks? = nil
        ) {
            self.schemeLinks = schemeLinks
            self.pagesFetched = pagesFetched
            self.urlsDiscovered = urlsDiscovered
            self.stoppedBecause = stoppedBecause
            self.robotsDisallowed = robotsDisallowed
            self.trapsSkipped = trapsSkipped
            self.otherSchemes = otherSchemes
            self.ruleHits = ruleHits
        }

        /// Why the crawl ended, typed; nil when `stoppedBecause` is no text this version writes.
        public var stop: CrawlStop? { CrawlStop(description: stoppedBecause) }
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

    public static func verdict(_ findings: [Finding]) -> Verdict {
        if findings.contains(atLeast: .error) { return .fail }
        if findings.contains(atLeast: .warning) { return .warn }
        return .pass
    }
}

extension DomainReport {
    /// Marks the findings the run's ignore entries silence, matched by this domain's ASCII and Unicode names, and
    /// works the verdict out again without them.
    public mutating func suppress(_ suppressions: Suppressions) {
        guard suppressions.apply(to: &findings, domain: [domain] + (unicode.map { [$0] } ?? [])) else { return }
        verdict = DomainReport.verdict(findings)
        android?.verdict = AndroidSummary.verdict(findings)
    }
}

/// Written member by member, its URLs a batch of rows at a time.
extension DomainReport: StreamedJSONObject {}

extension URLTable: StreamedJSONArray {
    func forEachJSONElement(_ body: (any Encodable) throws -> Void) rethrows {
        for url in self { try body(url) }
    }

    func forEachJSONRecord(_ body: (_ write: (inout [UInt8], JSONBytes.Layout) -> Void) throws -> Void) throws -> Bool {
        for url in self { try body { url.writeJSON(to: &$0, layout: $1) } }
        return true
    }
}

extension DomainReport {
    /// Its well-known location answered 200: Apple reads that file, and `file` holds what it served.
    public var servesWellKnownFile: Bool {
        file != nil && fetches.contains { $0.location == .wellKnown && $0.httpStatus == 200 }
    }

    /// The matcher of the file Apple reads for this domain, which judges links to it from other sites (crawled
    /// pages, scheme links' replacements); nil when it served none or none that decodes.
    public var servedMatcher: Matcher? {
        guard servesWellKnownFile, let file else { return nil }
        return Self.matcher(served: Array(file.utf8))
    }

    /// The matcher of a served file's bytes; nil when they do not decode.
    static func matcher(served bytes: [UInt8]) -> Matcher? {
        DecodedFile(bytes: bytes).document.map(Matcher.init)
    }
}
