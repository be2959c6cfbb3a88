import AASA
import Foundation

/// A run's domains in report order, each read again from where it waits (the run folder's `domains.jsonl`, or
/// memory) whenever a report is written: a run of 100,000 domains keeps only one `Entry` per domain, and a writer
/// holds one domain at a time.
public struct DomainStream: Sendable {
    /// What a run keeps of each finished domain: enough to order, count and summarise without reading it.
    public struct Entry: Sendable {
        /// The domain's position in the run's input: the report's order.
        public var index: Int
        public var domain: String
        public var unicode: String?
        public var verdict: DomainReport.Verdict
        // The flags follow the verdict, in the bytes its alignment leaves: a run reserves an entry per domain.
        /// The site was crawled (its URLs may be none).
        public var crawled: Bool
        /// A signal cut its crawl short: `--resume` crawls it again.
        public var crawlInterrupted: Bool
        /// A signal cut the judging of its URLs short (rows say so): `--resume` audits it again.
        public var partial = false
        /// Its well-known file answered 200: links to it from other audited sites are judged by that file.
        public var servesFile: Bool
        /// Its crawl found custom-scheme links, judged once every associated domain's file is in.
        public var hasSchemeLinks: Bool
        /// Its URLs were judged for Android (`--android-manifest`): urls.csv has the Android columns.
        public var androidJudged: Bool
        /// Findings of each severity, those a truncation left out included.
        public var errors: Int
        public var warnings: Int
        public var infos: Int
        /// Findings an ignore entry silenced, counted apart.
        public var suppressed: Int
        public var urlsTested: Int
        public var urlsOpeningApp: Int
        /// URLs whose answer is unknown (the file of their host was not read).
        public var urlsUnknown: Int
        /// Other audited domains its crawl linked to, whose files judge those links at the end.
        public var linkedDomains: [String] { later?.domains ?? [] }
        /// What counting it anew once those links are judged needs, so its record is not read for it.
        let later: LinksJudgedLater?
        /// The platforms audited (`DomainReport.platforms`): nil outside an Android run.
        public var platforms: [String]?
        var location: Location
        /// The file it served, kept apart from its record: the links to it are judged by this, not by reading it.
        var served: ServedFile?
        /// The digest of its line in the log when this process wrote it (`LineDigest`): nil for a line recovered
        /// from an earlier run, or a domain kept in memory.
        var lineDigest: Int?

        enum Location: Sendable {
            case file(offset: Int64, length: Int)
            /// Boxed: an entry stays a few dozen bytes whichever case it holds.
            case memory(Kept)
        }

        final class Kept: Sendable {
            let report: DomainReport
            init(_ report: DomainReport) { self.report = report }
        }

        /// `audited`: the run's domains, of which links are kept (nil keeps none).
        init(
            index: Int, report: DomainReport, location: Location, audited: Set<String>?,
            served keeping: ServedFile.Keeping = .text, budget: LinksJudgedLater.Budget? = nil
        ) {
            self.init(
                index: index, report: report, location: location, linkable: audited.map { set in set.contains },
                served: keeping, budget: budget)
        }

        /// `linkable`: whether a host the crawl linked to is one whose file judges those links at the end (nil:
        /// none is). `keeping` says where its served file is kept; `budget`, how much more of its links the run can
        /// keep to count it anew (nil: no limit).
        init(
            index: Int, report: DomainReport, location: Location, linkable: ((String) -> Bool)?,
            served keeping: ServedFile.Keeping = .text, budget: LinksJudgedLater.Budget? = nil
        ) {
            self.index = index
            domain = report.domain
            unicode = report.unicode
            verdict = report.verdict
            errors = report.findings.count(.error)
            warnings = report.findings.count(.warning)
            infos = report.findings.count(.info)
            suppressed = report.findings.suppressedCount
            let tally = report.urls.tally()
            urlsTested = tally.tested
            urlsOpeningApp = tally.opening
            urlsUnknown = tally.unknown
            crawled = report.crawl != nil
            crawlInterrupted = report.crawl?.stop == .interrupted
            // A report read back (merged shards) keeps its mark; the log sets it for the domains it writes.
            partial = report.partial ?? false
            later = LinksJudgedLater(report, linkable: linkable, budget: budget)
            servesFile = report.servesWellKnownFile
            hasSchemeLinks = report.crawl?.schemeLinks?.links.isEmpty == false
            androidJudged = report.urls.androidJudged
            platforms = report.platforms
            self.location = location
            served = ServedFile(of: report, keeping: keeping)
        }

        /// Its counts of URLs from its table judged again.
        mutating func count(_ tally: URLTable.Tally) {
            urlsTested = tally.tested
            urlsOpeningApp = tally.opening
            urlsUnknown = tally.unknown
        }

        /// Its counts of findings and its verdict from its findings judged again.
        mutating func count(_ findings: FindingCounts) {
            (errors, warnings, infos, suppressed) = (
                findings.errors, findings.warnings, findings.infos, findings.suppressed
            )
            verdict = findings.verdict
        }

        /// Whether any of its findings is at `severity` or worse.
        public func reaches(_ severity: Severity) -> Bool {
            switch severity {
            case .error: errors > 0
            case .warning: errors + warnings > 0
            case .info: errors + warnings + infos > 0
            }
        }
    }

    /// In report order (input order).
    public private(set) var entries: [Entry]
    private let log: DomainLog.Reader?
    /// Files of audited domains that other audited sites linked to, by domain.
    private var judges: [String: Matcher] = [:]
    /// The served files decoded so far, by position in `entries` (nil: none that decodes): each is decoded and
    /// compiled once, and the same matcher judges links between domains and scheme links.
    private var matchers: [Int: Matcher?] = [:]
    /// Audited domains other sites linked to that serve no file Apple reads: links to them open nothing.
    private var unserved: Set<String> = []
    /// How custom-scheme links are judged when a domain is read (set by `judgeLinks`).
    private var schemeJudging: SchemeLinkVerdicts.Judging?
    /// The domain read last: each report file reads every domain in turn, so a run of one big crawl reads its
    /// 100,000 URLs once, not once per file.
    private let recent = Locked<(index: Int, loaded: Loaded)?>(nil)
    /// Records read back from the log so far: a report pass reads each at most once, and `judgeLinks` none (but those
    /// whose links the run's budget could not keep, or all holding links after a signal).
    private let reads = Locked(0)
    /// The run's ignore entries, applied to the findings judged at the end (`link-custom-scheme`'s), which are added
    /// after the domain was logged; its other findings met them when it was audited.
    public var suppressions: Suppressions?
    /// The run's stop signal, given to the tables judged again here.
    public var stop = StopSignal.never

    /// `entries` in report order (sorted by index).
    init(entries: [Entry], log: DomainLog.Reader?) {
        self.entries = entries
        self.log = log
    }

    /// Domains already in memory, in order (a report read whole, or built by a test).
    public init(_ domains: [DomainReport]) {
        self.init(
            entries: domains.enumerated().map {
                Entry(index: $0.offset, report: $0.element, location: .memory(Entry.Kept($0.element)), audited: nil)
            }, log: nil)
    }

    public var count: Int { entries.count }

    /// How many records were read back from the run's log (not counting domains kept in memory).
    public var recordsRead: Int { reads.withLock { $0 } }

    /// The domain `entry` stands for, read again, links to other audited sites judged by their files.
    public func load(_ entry: Entry) throws -> DomainReport {
        try loaded(entry).report
    }

    /// A domain read for the reports, with its JSON text as the log holds it when that is what report.json shows:
    /// the line is the one this process wrote (`Entry.lineDigest`) and nothing was judged or marked on it since.
    public struct Loaded: Sendable {
        public var report: DomainReport
        /// Compact; nil when the domain must be encoded again.
        public var json: ArraySlice<UInt8>?
    }

    /// `load(_:)`, with the record's text when it still stands for the domain. `remember`: keep it as the domain read
    /// last, for the next pass (a read ahead of the pass does not: the cache would hold whichever thread read last).
    public func loaded(_ entry: Entry, remember: Bool = true) throws -> Loaded {
        var loaded: Loaded
        switch entry.location {
        case .memory(let kept): loaded = Loaded(report: kept.report, json: nil)
        case .file(let offset, let length):
            guard let log else { throw DomainLog.ReadFailure(reason: "no log to read from") }
            if let kept = recent.withLock({ $0 }), kept.index == entry.index {
                loaded = kept.loaded
            } else {
                let read = try log.read(offset: offset, length: length, digest: entry.lineDigest)
                loaded = Loaded(report: read.record.report, json: read.json)
                if remember { recent.withLock { [loaded] in $0 = (entry.index, loaded) } }
                reads.withLock { $0 += 1 }
            }
        }
        // The log keeps the mark beside the record; report.json shows it on the domain.
        if entry.partial {
            loaded.report.partial = true
            loaded.json = nil
        }
        let judged = Set(entry.linkedDomains.filter { judges[$0] != nil || unserved.contains($0) })
        if !judged.isEmpty {
            loaded.report.urls = rejudged(loaded.report.urls, hosts: judged)
            loaded.json = nil
        }
        if entry.hasSchemeLinks, let schemeJudging {
            SchemeLinkVerdicts.judge(&loaded.report, schemeJudging, suppressions: suppressions)
            loaded.json = nil
        }
        return loaded
    }

    /// The table with its rows on `hosts` judged by those hosts' files (or opening nothing where a host serves none):
    /// the log wrote them before those files were known (as unknown), so they are made plain rows again; every
    /// other row keeps the verdicts written.
    private func rejudged(_ table: URLTable, hosts: Set<String>) -> URLTable {
        var fresh = URLTable()
        fresh.stop = stop
        for row in table {
            guard let host = URLAuthority.httpHost(of: row.url), hosts.contains(host) else {
                fresh.append(row)
                continue
            }
            fresh.append(url: row.url, href: row.href, facts: row.facts)
            let position = fresh.count - 1
            if let target = row.redirectTo { fresh.setRedirect(target, at: position) }
            fresh.setInlinks(max(0, row.inlinks ?? 0), at: position)
            fresh.setAndroid(row.android, at: position)
        }
        for host in hosts {
            if let matcher = judges[host] { fresh.judge(host: host, by: matcher) } else { fresh.servesNoFile(host) }
        }
        return fresh
    }

    /// Every domain in report order, one at a time.
    public func forEach(_ body: (DomainReport) throws -> Void) throws {
        for entry in entries { try body(try load(entry)) }
    }

    /// The domains at `positions` of `entries`, in that order.
    public func forEach(at positions: [Int], _ body: (Int, DomainReport) throws -> Void) throws {
        for position in positions { try body(position, try load(entries[position])) }
    }

    /// Judges the links each crawl found that need other domains' files, now that every file is in: links from one
    /// audited site to another by the other's file, and custom-scheme links by the files of the entitlements'
    /// domains (`associated`, nil without `--entitlements`). The files come from the index kept while auditing, and
    /// each domain holding such links is counted anew from what its entry kept of them (`LinksJudgedLater`): no
    /// record is read here, unless the run kept too many links to keep them all, or a signal came (a big table is
    /// then left unjudged by the reports, and only reading it tells).
    public mutating func judgeLinks(schemes: URLSchemes?, associated: [String]?) throws {
        let linked = Set(entries.flatMap(\.linkedDomains))
        for position in entries.indices where linked.contains(entries[position].domain) {
            let domain = entries[position].domain
            if let matcher = try matcher(at: position) { judges[domain] = matcher } else { unserved.insert(domain) }
        }
        // A domain audited twice counts as serving a file when either run of it did.
        unserved.subtract(judges.keys)
        let schemeLinks = entries.contains(where: \.hasSchemeLinks)
        if schemeLinks {
            var first: [String: Int] = [:]
            for (position, entry) in entries.enumerated() where first[entry.domain] == nil {
                first[entry.domain] = position
            }
            var found: [String: Matcher] = [:]
            for domain in associated ?? [] {
                if found[domain] == nil, let position = first[domain] { found[domain] = try matcher(at: position) }
            }
            schemeJudging = SchemeLinkVerdicts.judging(schemes: schemes, associated: associated) { found[$0] }
        }
        for position in entries.indices { try recount(at: position) }
    }

    /// Counts the domain at `position` anew once its links are judged: from what its entry kept, or else by
    /// reading it back.
    private mutating func recount(at position: Int) throws {
        let entry = entries[position]
        let links = !entry.linkedDomains.isEmpty
        let schemes = schemeJudging != nil && entry.hasSchemeLinks
        guard links || schemes else { return }
        if !stop.isRequested, let kept = entry.later?.kept {
            let hosts = Set(entry.linkedDomains.filter { judges[$0] != nil || unserved.contains($0) })
            if links { entries[position].count(kept.tally(judging: hosts, by: judges)) }
            if schemes, let schemeJudging {
                entries[position].count(
                    kept.findings(
                        judging: schemeJudging, domain: entry.domain, unicode: entry.unicode, suppressions: suppressions
                    ))
            }
            return
        }
        let report = try load(entry)
        if links { entries[position].count(report.urls.tally()) }
        if schemes { entries[position].count(FindingCounts(report.findings)) }
    }

    /// The matcher of the file the domain at `position` served, decoded the first time it is asked for.
    private mutating func matcher(at position: Int) throws -> Matcher? {
        if let known = matchers[position] { return known }
        let entry = entries[position]
        let matcher = try entry.served?.matcher(domain: entry.domain)
        matchers[position] = .some(matcher)
        return matcher
    }

    /// Positions in `entries`: failing first, then warning, then passing; within a verdict, more errors, then
    /// more warnings first; otherwise in report order.
    public func worstFirst() -> [Int] {
        func rank(_ v: DomainReport.Verdict) -> Int { v == .fail ? 0 : v == .warn ? 1 : 2 }
        let keys = entries.map { (rank($0.verdict), -$0.errors, -$0.warnings) }
        return entries.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
    }
}

extension DomainStream: StreamedJSONArray {
    func forEachJSONElement(_ body: (any Encodable) throws -> Void) throws {
        try forEach { try body($0) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try forEach { try container.encode($0) }
    }
}
