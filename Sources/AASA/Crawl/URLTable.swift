/// Every URL a crawl found (DESIGN §7 `urls`). Rows are kept bare and each app's verdict is worked out when a
/// row is read, from the file of the URL's host: 100,000 URLs then cost a few megabytes rather than a
/// verdict, a rule reference and a sentence each. Rows read back from a report keep the verdicts written there.
public struct URLTable: Sendable, RandomAccessCollection, Codable {
    struct Row: Sendable {
        var url: String
        var foundOn: String?
        var httpStatus: Int?
        var note: String?
        /// Verdicts given with the row (read from a report); nil means "judge it by its host's file".
        var given: (verdicts: [AppVerdict], opensApp: String?)?
    }

    private var rows: [Row] = []
    /// The file each audited host serves, by host: whose rules judge a URL.
    private var judges: [String: Matcher] = [:]

    public init() {}

    /// Rows with their verdicts already decided (a report read back, a check's example).
    public init(_ reports: [URLReport]) {
        rows = reports.map {
            Row(
                url: $0.url, foundOn: $0.foundOn, httpStatus: $0.httpStatus, note: $0.note,
                given: ($0.verdicts, $0.opensApp))
        }
    }

    public mutating func append(url: String, foundOn: String?, httpStatus: Int?, note: String?) {
        rows.append(Row(url: url, foundOn: foundOn, httpStatus: httpStatus, note: note))
    }

    /// URLs on `host` are judged by `matcher` from now on (the crawled site's own file, or another audited site's).
    public mutating func judge(host: String, by matcher: Matcher) { judges[host] = matcher }

    public var startIndex: Int { 0 }
    public var endIndex: Int { rows.count }

    public subscript(position: Int) -> URLReport {
        let row = rows[position]
        if let given = row.given {
            return URLReport(
                url: row.url, foundOn: row.foundOn, httpStatus: row.httpStatus, verdicts: given.verdicts,
                opensApp: given.opensApp, note: row.note)
        }
        guard let host = URLTable.host(of: row.url), let matcher = judges[host] else {
            return URLReport(
                url: row.url, foundOn: row.foundOn, httpStatus: row.httpStatus, verdicts: [], opensApp: nil,
                note: row.note)
        }
        let result = matcher.verdicts(for: row.url)
        var note = row.note
        if result.opensApp != nil, let page = row.foundOn, URLTable.host(of: page) == host {
            note = [note, URLTable.sameDomainNote].compactMap { $0 }.joined(separator: "; ")
        }
        return URLReport(
            url: row.url, foundOn: row.foundOn, httpStatus: row.httpStatus, verdicts: result.verdicts,
            opensApp: result.opensApp, note: note)
    }

    public static let sameDomainNote =
        "a tap on this link inside Safari, on a page of the same domain, stays in Safari (TN3155)"

    /// URLs with at least one verdict, and those that open an app, counted without writing any verdict text.
    public func tally() -> (tested: Int, opening: Int) {
        var tested = 0
        var opening = 0
        for row in rows {
            if let given = row.given {
                if !given.verdicts.isEmpty { tested += 1 }
                if given.opensApp != nil { opening += 1 }
                continue
            }
            guard let host = URLTable.host(of: row.url), let matcher = judges[host], !matcher.appIDs.isEmpty else {
                continue
            }
            tested += 1
            guard let url = matcher.prepare(row.url) else { continue }
            var opens = false
            matcher.forEachDecision(url) { _, decision in opens = opens || decision.result == .match }
            if opens { opening += 1 }
        }
        return (tested, opening)
    }

    /// How many URLs each rule of `host`'s file decided (by JSON Pointer), once per URL however many apps share
    /// the rule. Rows given with verdicts count wherever they are.
    public func ruleCounts(host: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        var byIndex: [Int: Int] = [:]
        let matcher = judges[host]
        for row in rows {
            if let given = row.given {
                for pointer in Set(given.verdicts.compactMap { $0.rule?.pointer }) { counts[pointer, default: 0] += 1 }
                continue
            }
            guard let matcher, URLTable.host(of: row.url) == host, let url = matcher.prepare(row.url) else { continue }
            var decided: Set<Int> = []
            matcher.forEachDecision(url) { _, decision in
                if let rule = decision.rule { decided.insert(rule) }
            }
            for rule in decided { byIndex[rule, default: 0] += 1 }
        }
        if let matcher {
            for (rule, count) in byIndex { counts[matcher.reference(rule).pointer, default: 0] += count }
        }
        return counts
    }

    /// Every app some URL has a verdict for, in the order the URLs first name them.
    public func appIDs() -> [String] {
        var apps: [String] = []
        var seen = Set<String>()
        var hosts = Set<String>()
        for row in rows {
            var named: [String] = []
            if let given = row.given {
                named = given.verdicts.map(\.appID)
            } else if let host = URLTable.host(of: row.url), let matcher = judges[host], hosts.insert(host).inserted {
                named = matcher.appIDs
            }
            for app in named where seen.insert(app).inserted { apps.append(app) }
        }
        return apps
    }

    /// The lower-cased host of an http(s) URL, read without a full parse.
    static func host(of url: String) -> String? { PreparedURL.host(of: url) }

    public init(from decoder: any Decoder) throws {
        self.init(try [URLReport](from: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        if let marker = encoder.userInfo[URLTable.placeholder] as? String {
            // report.json streams the rows in where this marker lands (AuditReport.writeJSON).
            var container = encoder.singleValueContainer()
            try container.encode(marker)
            return
        }
        var container = encoder.unkeyedContainer()
        for report in self { try container.encode(report) }
    }

    /// With a marker string under this key, a table encodes as that string instead of its rows.
    public static let placeholder = CodingUserInfoKey(rawValue: "aasa-audit.urls-placeholder")!
}
