import Foundation

/// Every URL a crawl found: report.json's `urls`. Rows are kept bare; what each row's host's file (and the Android
/// manifest) decides is worked out once, at the first read, and kept as a few bytes a row (`URLAnswers`), and each
/// verdict's sentence is written when a row is read: 100,000 URLs then cost a few megabytes rather than a verdict, a
/// rule reference and a sentence each. Rows read back from a report keep the verdicts written there.
public struct URLTable: Sendable, RandomAccessCollection, Codable {
    /// A row as read: its URL as a string.
    struct Row: Sendable {
        var url: String
        var stored: Stored
    }

    /// A row as kept: its URL's bytes are in `bytes`, and what the crawl recorded is kept as it came.
    struct Stored: Sendable {
        var url: URLBytes.Span
        /// The href as written on the page `foundOn` names, in `bytes` beside the URL: most rows have one. `.absent`
        /// when there is none, since an `Optional` would pad every row by 8 bytes.
        var href: URLBytes.Span
        var facts: URLFacts

        init(url: URLBytes.Span, href: URLBytes.Span? = nil, facts: URLFacts) {
            self.url = url
            self.href = href ?? .absent
            self.facts = facts
        }
    }

    /// Verdicts that came with a row (a report read back, a check's example) rather than from a judge.
    struct Given: Sendable {
        var verdicts: [AppVerdict]
        var opensApp: String?
        var unknownReason: String?
    }

    /// Rows in chunks of 4,096 (full ones sealed, the last one open): growing never copies, and briefly
    /// doubles, one big array.
    private var sealed: [[Stored]] = []
    private var open: [Stored] = []
    private var bytes = URLBytes()
    private var rowCount = 0
    /// Empty, or one entry per row when rows came with their verdicts.
    private(set) var given: [Given?] = []
    /// Redirect targets by row: few URLs redirect, so most rows carry no room for one.
    private var redirects: [Int: String] = [:]
    /// The file each audited host serves, by host: whose rules judge a URL.
    private(set) var judges: [String: Matcher] = [:]
    /// The most rules any judge has: with the row count, what judging the table costs (`judgesAfterStop`).
    private var mostRules = 0
    /// The crawled host: once set, a row on another host that no file judges is unknown, not "no".
    private var home: String?
    /// Hosts known to serve no file Apple reads (the crawled site's own, another audited site's): their rows
    /// open nothing.
    private var settled: Set<String> = []
    /// Why rows on a host stay unknown, when it is not just that its file was not read (a refused or failed
    /// fetch under `--judge-linked-hosts`).
    private var unknownReasons: [String: String] = [:]
    /// The rows' answers and `tally()`, once per content: the summary, the terminal and each report ask for them. A
    /// change starts a fresh memo when this one holds anything or is shared, so no table ever reads another's.
    private(set) var memo = Memo()
    /// The run's stop signal: once set, a table too big to judge quickly leaves its rows unjudged.
    public var stop = StopSignal.never
    /// The app's manifest and its filters with whether each is an App Link filter (worked out once), when rows are
    /// judged for Android.
    private(set) var androidJudge: AndroidJudge?
    /// What is known of each verification host's assetlinks.json: whose file decides a row for Android.
    private(set) var androidHosts: [String: AndroidMatcher.HostFile] = [:]
    /// Why rows verified on a host stay unknown for Android, when it is not just that its file was not read.
    private(set) var androidUnknownReasons: [String: String] = [:]
    /// Empty, or one entry per row up to the last row that came with its Android answer (a report read back, a row
    /// judged again elsewhere): most tables have none, and then pay nothing for them.
    private(set) var androidRows: [URLReport.Android?] = []

    /// The rows' answers and the counts, each worked out at most once; a class so copies of the table share them
    /// until one changes. Each is worked out whole under the lock: a copy read on another thread waits for it and
    /// never sees it half done.
    final class Memo: Sendable {
        private struct State {
            var tally: Tally?
            var answers: URLAnswers?
            /// Rows matched for `answers`, summed over each time they were worked out.
            var evaluations = 0
        }

        private let state = Locked(State())

        var isSet: Bool { state.withLock { $0.tally != nil || $0.answers != nil } }

        /// Computed outside the lock, since `compute` reads the answers under it.
        func tally(_ compute: () -> Tally) -> Tally {
            if let known = state.withLock({ $0.tally }) { return known }
            let computed = compute()
            return state.withLock { state in
                if let known = state.tally { return known }
                state.tally = computed
                return computed
            }
        }

        /// The answers worked out when the table was `judged` (`URLTable.isJudged`): a signal can make a big table
        /// unjudged after they were worked out, and its rows then say so.
        func answers(judged: Bool, _ compute: (Bool) -> URLAnswers) -> URLAnswers {
            state.withLock { state in
                if let known = state.answers, known.judged == judged { return known }
                let computed = compute(judged)
                state.answers = computed
                state.evaluations += computed.evaluations
                return computed
            }
        }

        var evaluations: Int { state.withLock { $0.evaluations } }
    }

    static let chunkSize = 4_096

    /// URLs judged, those opening an app, and those whose answer is unknown (counted apart from both).
    public typealias Tally = (tested: Int, opening: Int, unknown: Int)

    /// Rows times (rules + 20) up to which a table is still judged after SIGINT/SIGTERM: judging is local and the
    /// file is already read, so a crawl the signal cut short is judged in full (a few thousand URLs against a few
    /// dozen rules take milliseconds). Past it (100,000 URLs against hundreds of rules, a minute in a debug build)
    /// the rows stay unknown, "not judged", so the partial report is still written within seconds.
    public static let judgedAfterStop = 400_000

    public init() {}

    /// Rows with their verdicts already decided (a report read back, a check's example).
    public init(_ reports: [URLReport]) {
        for report in reports { append(report) }
    }

    /// A row to be judged by its host's file. `depth` is the link distance from the start page (nil when unknown),
    /// `anchorText` the text of the link that found it, `href` that link's href as written. No page links to it yet.
    public mutating func append(
        url: String, foundOn: String?, httpStatus: Int?, note: URLNote?, depth: Int? = nil, anchorText: String? = nil,
        href: String? = nil
    ) {
        append(
            url: url, href: href,
            facts: URLFacts(
                foundOn: foundOn, httpStatus: httpStatus, notes: note.map { [$0] } ?? [], depth: depth, inlinks: 0,
                anchorText: anchorText))
    }

    /// A row to be judged by its host's file, with what the crawl recorded about it.
    public mutating func append(url: String, href: String?, facts: URLFacts) {
        appendRow(Stored(url: bytes.append(url), href: href.map { bytes.append($0) }, facts: facts))
        if !given.isEmpty { given.append(nil) }
    }

    private mutating func appendRow(_ row: Stored) {
        touch()
        if open.count == URLTable.chunkSize {
            sealed.append(open)
            open = []
        }
        if open.isEmpty { open.reserveCapacity(URLTable.chunkSize) }
        open.append(row)
        rowCount += 1
    }

    /// Changes the row at `position` in place. For what the counts (`tally`) never read, so the memo stays.
    @inline(__always) private mutating func update(_ position: Int, _ change: (inout URLFacts) -> Void) {
        updateRow(position) { change(&$0.facts) }
    }

    /// Changes the stored row at `position` in place: its facts, or its href beside them.
    @inline(__always) private mutating func updateRow(_ position: Int, _ change: (inout Stored) -> Void) {
        let (chunk, offset) = position.quotientAndRemainder(dividingBy: URLTable.chunkSize)
        if chunk < sealed.count { change(&sealed[chunk][offset]) } else { change(&open[offset]) }
    }

    /// Changes what the crawl recorded about the row at `position` (what it got when fetching the URL, say).
    public mutating func updateFacts(at position: Int, _ change: (inout URLFacts) -> Void) {
        touch()
        update(position, change)
    }

    /// One more crawled page links here; the crawler counts each page once per row.
    public mutating func addInlink(at position: Int) {
        update(position) { $0.inlinks = ($0.inlinks ?? 0) + 1 }
    }

    /// The count of pages linking here, set at once (a row copied from a report): adding one at a time looped
    /// for as long as the count said.
    public mutating func setInlinks(_ count: Int, at position: Int) {
        update(position) { $0.inlinks = count }
    }

    /// A link `depth` links from the start page leads here: the row keeps the shortest distance seen. Returns the
    /// distance it had before.
    @discardableResult
    public mutating func reached(depth: Int, at position: Int) -> Int? {
        var before: Int?
        update(position) {
            before = $0.depth
            if $0.depth.map({ depth < $0 }) ?? true { $0.depth = depth }
        }
        return before
    }

    /// The row's link text becomes `text` (the crawl decides which link's text a row keeps).
    public mutating func setAnchorText(_ text: String, at position: Int) {
        update(position) { $0.anchorText = text }
    }

    /// The row's linking page becomes `page`, where it is linked as `href` (the crawl decides which page a row
    /// names). An href like the one kept (a menu's link on every page) costs no bytes.
    public mutating func setFoundOn(_ page: String?, href: String?, at position: Int) {
        let kept = field(position) { $0.href }
        var span = URLBytes.Span.absent
        if let href { span = kept != .absent && bytes.equals(kept, href) ? kept : bytes.append(href) }
        updateRow(position) {
            $0.href = span
            $0.facts.foundOn = page
        }
    }

    /// Where fetching the row's URL redirected.
    public mutating func setRedirect(_ target: String?, at position: Int) {
        redirects[position] = target
    }

    public func depth(at position: Int) -> Int? { field(position) { $0.facts.depth } }

    /// The row's URL, as found.
    public func url(at position: Int) -> String { bytes.string(field(position) { $0.url }) }

    /// Whether the URL of the row at `a` sorts before that of the row at `b`, in byte order, without making strings.
    public func urlPrecedes(_ a: Int, _ b: Int) -> Bool {
        bytes.precedes(field(a) { $0.url }, field(b) { $0.url })
    }

    /// Whether the row's URL is exactly `url`, compared without making a string.
    public func hasURL(_ url: String, at position: Int) -> Bool { bytes.equals(field(position) { $0.url }, url) }

    /// `hasURL`, given the URL's UTF-8 bytes (a spooled link's target).
    public func hasURL(_ url: UnsafeBufferPointer<UInt8>, at position: Int) -> Bool {
        bytes.equals(field(position) { $0.url }, url)
    }

    /// The row's notes become `notes`.
    public mutating func setNotes(_ notes: [URLNote], at position: Int) {
        updateFacts(at: position) { $0.notes = notes }
    }

    /// One more note on the row, after those it has.
    public mutating func addNote(_ note: URLNote, at position: Int) {
        setNotes(notes(at: position) + [note], at: position)
    }

    public func status(at position: Int) -> Int? { field(position) { $0.facts.httpStatus } }
    public func notes(at position: Int) -> [URLNote] { field(position) { $0.facts.notes } }
    /// What the crawl recorded about the row, without judging it.
    public func facts(at position: Int) -> URLFacts { field(position) { $0.facts } }

    /// One field of a row, read in place: copying the whole row retained its strings, which the crawl's
    /// de-duplication paid on every link.
    @inline(__always) private func field<T>(_ position: Int, _ read: (borrowing Stored) -> T) -> T {
        let (chunk, offset) = position.quotientAndRemainder(dividingBy: URLTable.chunkSize)
        return chunk < sealed.count ? read(sealed[chunk][offset]) : read(open[offset])
    }

    @inline(__always) private func stored(_ position: Int) -> Stored {
        let (chunk, offset) = position.quotientAndRemainder(dividingBy: URLTable.chunkSize)
        return chunk < sealed.count ? sealed[chunk][offset] : open[offset]
    }

    @inline(__always) private func row(_ position: Int) -> Row {
        let stored = stored(position)
        return Row(url: bytes.string(stored.url), stored: stored)
    }

    /// URLs on `host` are judged by `matcher` from now on (the crawled site's own file, or another audited site's).
    public mutating func judge(host: String, by matcher: Matcher) {
        judges[host] = matcher
        mostRules = Swift.max(mostRules, matcher.ruleCount)
        touch()
    }

    /// The table is a crawl of `host`: its rows that no file judges open nothing, while those on any other host
    /// whose file was not read are unknown.
    public mutating func crawled(_ host: String) {
        home = host
        touch()
    }

    /// `host` serves no file Apple reads (another audited site's fetch found none): its rows open nothing.
    public mutating func servesNoFile(_ host: String) {
        settled.insert(host)
        touch()
    }

    /// Rows on `host` stay unknown for `reason` (its fetch was refused or failed, or a cap left it out).
    public mutating func leaveUnknown(_ host: String, because reason: String) {
        unknownReasons[host] = reason
        touch()
    }

    /// Why a row on `host`, which no file judges, is unknown; nil when it opens nothing (the crawled site, a site
    /// known to serve no file, or a table that is no crawl's). The crawled site is unknown only when told why (a
    /// host audited for Android alone, whose file Apple reads was not fetched).
    func unknownReason(_ host: String) -> String? {
        guard let home, !settled.contains(host) else { return nil }
        if host == home { return unknownReasons[host] }
        return unknownReasons[host] ?? URLTable.notReadReason(host)
    }

    /// The reason of a row on a host whose file this run did not read.
    public static func notReadReason(_ host: String) -> String {
        if IPLiteral.isIPAddress(host) {
            return URLTable.ipAddressReason(host)
        }
        return "the file of \(host) was not read in this run; audit it too or use --judge-linked-hosts"
    }

    /// The reason of a row on an IP address: no file is ever fetched from one (DESIGN §8).
    public static func ipAddressReason(_ host: String) -> String {
        "\(host) is an IP address, whose file is never fetched"
    }

    /// Whether the rows a file can judge are judged: always, unless a signal asked the run to stop and the table is
    /// too big to judge quickly (`judgedAfterStop`).
    public var isJudged: Bool { judgedEvenIfStopped || !stop.isRequested }

    /// Each row costs its matching against the rules, plus a fixed share (preparing the URL, writing the row).
    var judgedEvenIfStopped: Bool {
        let work = rowCount.multipliedReportingOverflow(by: mostRules + 20)
        return !work.overflow && work.partialValue <= URLTable.judgedAfterStop
    }

    /// Before a change: a memo that holds counts, or that a copy shares, no longer fits this table.
    private mutating func touch() {
        if !isKnownUniquelyReferenced(&memo) || memo.isSet { memo = Memo() }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { rowCount }

    public subscript(position: Int) -> URLReport {
        let row = row(position)
        var report = URLReport(
            url: row.url, facts: row.stored.facts, redirectTo: redirects.isEmpty ? nil : redirects[position],
            href: row.stored.href == .absent ? nil : bytes.string(row.stored.href))
        if !given.isEmpty, let given = given[position] {
            report.verdicts = given.verdicts
            report.opensApp = given.opensApp
            report.unknownReason = given.unknownReason
            if position < androidRows.count { report.android = androidRows[position] }
            return report
        }
        let answers = answers()
        write(answers.apple(at: position), into: &report)
        if position < androidRows.count, let answer = androidRows[position] {
            report.android = answer
        } else if let androidJudge {
            write(answers.android(at: position), package: androidJudge.manifest.package, into: &report)
        }
        return report
    }

    /// Rows are judged for Android by `manifest`'s App Link filters from now on (`audit --android-manifest`): each
    /// row then says whether the app opens it, or that this is unknown until `judgeAndroid(host:by:)` names the file
    /// of the host that verifies it. Without it the rows carry no Android answer at all.
    public mutating func judgeAndroid(manifest: AndroidManifest) {
        androidJudge = AndroidJudge(manifest: manifest, filters: AndroidMatcher.filters(of: manifest))
        touch()
    }

    /// Rows whose App Link filter is verified on `host` (`*.example.com` and `example.com` alike name
    /// `example.com`) are decided by `hostFile`: what the run learnt of that host's assetlinks.json.
    public mutating func judgeAndroid(host: String, by hostFile: AndroidMatcher.HostFile) {
        androidHosts[IntentFilter.verificationHost(host)] = hostFile
        touch()
    }

    /// Rows verified on `host` stay unknown for Android for `reason` (its fetch was refused, say), until
    /// `judgeAndroid(host:by:)` names its file.
    public mutating func leaveAndroidUnknown(_ host: String, because reason: String) {
        androidUnknownReasons[IntentFilter.verificationHost(host)] = reason
        touch()
    }

    /// Whether the rows carry Android answers (report.json's Android members, urls.csv's Android columns): judged
    /// by a manifest, or some row came with one.
    public var androidJudged: Bool { androidJudge != nil || !androidRows.isEmpty }

    /// The row at `position`, added bare, keeps `answer` as its Android answer instead of being judged: a row judged
    /// again for Apple by another site's file keeps what its own run said for Android.
    public mutating func setAndroid(_ answer: URLReport.Android?, at position: Int) {
        guard answer != nil || position < androidRows.count else { return }
        touch()
        if androidRows.count <= position { androidRows += repeatElement(nil, count: position + 1 - androidRows.count) }
        androidRows[position] = answer
    }

    /// The reason of a row whose App Link filter is verified on `host`, whose assetlinks.json this run did not read.
    public static func androidNotReadReason(_ host: String) -> String {
        "the assetlinks.json of \(host), which verifies the App Link filter matching this URL, was not read in this run"
    }

    /// Each row with its given verdicts, if any: the loops below never build a URLReport.
    func forEachRow(_ body: (Row, Given?) -> Void) {
        var position = 0
        for chunk in sealed + [open] {
            for stored in chunk {
                body(Row(url: bytes.string(stored.url), stored: stored), given.isEmpty ? nil : given[position])
                position += 1
            }
        }
    }

    public static let sameDomainNote = URLNote.sameDomainTap.description

    /// The hosts of the http(s) URLs.
    public func hosts() -> Set<String> {
        var hosts = Set<String>()
        forEachRow { row, _ in
            if let host = URLTable.host(of: row.url) { hosts.insert(host) }
        }
        return hosts
    }

    /// The hosts of the http(s) URLs, in the order their first row was found.
    public func hostsInOrder() -> [String] {
        var seen = Set<String>()
        var hosts: [String] = []
        forEachRow { row, _ in
            if let host = URLTable.host(of: row.url), seen.insert(host).inserted { hosts.append(host) }
        }
        return hosts
    }

    /// Every app some URL has a verdict for, in the order the URLs first name them.
    public func appIDs() -> [String] {
        var apps: [String] = []
        var seen = Set<String>()
        var hosts = Set<String>()
        forEachRow { row, given in
            var named: [String] = []
            if let given {
                named = given.verdicts.map(\.appID)
            } else if let host = URLTable.host(of: row.url), let matcher = judges[host], hosts.insert(host).inserted {
                named = matcher.appIDs
            }
            for app in named where seen.insert(app).inserted { apps.append(app) }
        }
        return apps
    }

    /// The lower-cased host of an http(s) URL, read without a full parse.
    static func host(of url: String) -> String? { URLAuthority.httpHost(of: url) }

    /// The rows of a report's `urls`, with the verdicts written there.
    public init(from decoder: any Decoder) throws {
        self.init(try [URLReport](from: decoder))
    }

    /// A row with its verdicts already decided: a report read back, a check's example.
    public mutating func append(_ report: URLReport) {
        let row = Stored(url: bytes.append(report.url), href: report.href.map { bytes.append($0) }, facts: report.facts)
        if let target = report.redirectTo { redirects[rowCount] = target }
        setAndroid(report.android, at: rowCount)
        appendGiven(
            Given(verdicts: report.verdicts, opensApp: report.opensApp, unknownReason: report.unknownReason), row)
    }

    /// A row read back from a baseline: the URL and the app it opened (or that this was unknown), nothing else.
    public mutating func append(given url: String, opensApp: String?, unknown: Bool = false) {
        let row = Stored(url: bytes.append(url), facts: URLFacts())
        appendGiven(
            Given(verdicts: [], opensApp: opensApp, unknownReason: unknown ? URLReport.unknownWithoutReason : nil), row)
    }

    private mutating func appendGiven(_ verdicts: Given, _ row: Stored) {
        if given.count < rowCount { given += repeatElement(nil, count: rowCount - given.count) }
        appendRow(row)
        given.append(verdicts)
    }

    /// Every row as `URLReport`, in order (report.json streams them instead, a batch at a time).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for report in self { try container.encode(report) }
    }
}

/// A manifest that judges a table's rows for Android, with its filters' App Link status read once.
struct AndroidJudge: Sendable {
    var manifest: AndroidManifest
    var filters: [(filter: IntentFilter, appLink: Bool)]
}
