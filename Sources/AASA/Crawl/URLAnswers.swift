/// What the files of a table's hosts (and the Android app's manifest) decide for each bare row, worked out once for
/// the table's content and kept as one number a row per platform: the position of the row's answer among the few
/// distinct answers a crawl has (one per host no file judges, one per set of deciding rules). A row's verdicts and
/// their sentences are written from its answer when it is read (`URLTable`'s subscript); the counts (`tally`,
/// `ruleCounts`, `appCounts`) read the answers without matching again.
///
/// When: at the first read of a row or a count, whole (`URLTable.Memo`). Until then judges keep arriving (the crawled
/// site's file, linked hosts' files, Android hosts, other audited sites' files when the report pass loads a domain),
/// and each one changes the table, which then starts afresh; every reader after that (the run log, each report
/// writer, the counts) reads every row, so nothing is worked out that is not read, and nothing twice.
///
/// Memory: 4 bytes a row, and 4 more in a run that judges Android: 100,000 URLs keep 400 KB (800 KB) more.
struct URLAnswers: Sendable {
    /// A row's answer for iOS.
    enum Apple: Hashable, Sendable {
        /// No verdict and no reason: not an http(s) URL, a host known to open nothing, or a row given with its
        /// verdicts.
        case none
        /// No file judges the host and the answer is unknown: `URLTable.unknownReason(host)` says why.
        case unknown(host: String)
        /// A file judges the host, but the run stopped before a table this big could be judged.
        case unjudged
        /// The file of `host` decided: each app's decision, in `Matcher.appIDs` order; nil when `Matcher.prepare`
        /// refused the URL.
        case decided(host: String, decisions: [Matcher.Decision]?)
    }

    /// A row's answer for Android (`audit --android-manifest`).
    enum Android: Hashable, Sendable {
        /// No App Link filter takes the URL, or it is no URL Android could be handed (or the row came with its
        /// answer): "no", with no rule and no note.
        case no
        /// The assetlinks.json of the host that verifies the filter taking the URL was not read.
        case unknown(verificationHost: String)
        /// The run stopped before a table this big could be judged.
        case unjudged
        /// `AndroidMatcher.match`'s answer; its notes join the row's.
        case decided(opens: Bool, package: String?, rule: String?, notes: [String])
    }

    /// `URLTable.isJudged` when these were worked out; false too when a signal came while they were (`cut()`).
    private(set) var judged: Bool
    private var apple = Numbered<Apple>(.none)
    /// Empty when the table is not judged for Android.
    private var android = Numbered<Android>(.no)
    /// Rows matched against a file's rules or the manifest's filters (once a row and platform).
    private(set) var evaluations = 0

    init(judged: Bool, rows: Int, android: Bool) {
        self.judged = judged
        apple.reserve(rows)
        if android { self.android.reserve(rows) }
    }

    /// A signal came while a table too big to judge quickly was being judged: the rows after this one are not
    /// judged, and the answers stand for an unjudged table from now on.
    mutating func cut() { judged = false }

    mutating func append(_ answer: Apple) {
        if case .decided = answer { evaluations += 1 }
        apple.append(answer)
    }

    mutating func append(_ answer: Android, evaluated: Bool) {
        if evaluated { evaluations += 1 }
        android.append(answer)
    }

    func apple(at position: Int) -> Apple { apple[position] }
    func android(at position: Int) -> Android { android[position] }

    /// Each distinct iOS answer, numbered as `appleNumber(at:)` numbers them.
    var distinctApple: [Apple] { apple.values }

    /// Each distinct iOS answer with the number of rows that have it (a row given with verdicts has `.none`).
    func appleAnswers() -> [(answer: Apple, rows: Int)] { apple.histogram() }

    /// The position of the row's iOS answer among `appleAnswers()`, for loops that count.
    func appleNumber(at position: Int) -> Int { Int(apple.numbers[position]) }
}

/// A value for each row, kept as the position of the row's value among the distinct values seen.
private struct Numbered<Value: Hashable & Sendable>: Sendable {
    private(set) var values: [Value]
    private(set) var numbers: [UInt32] = []
    private var known: [Value: UInt32]

    /// `first` is the value numbered 0.
    init(_ first: Value) {
        values = [first]
        known = [first: 0]
    }

    mutating func reserve(_ rows: Int) { numbers.reserveCapacity(rows) }

    mutating func append(_ value: Value) {
        if let number = known[value] {
            numbers.append(number)
            return
        }
        let number = UInt32(values.count)
        values.append(value)
        known[value] = number
        numbers.append(number)
    }

    subscript(row: Int) -> Value { values[Int(numbers[row])] }

    func histogram() -> [(answer: Value, rows: Int)] {
        var rows = [Int](repeating: 0, count: values.count)
        for number in numbers { rows[Int(number)] += 1 }
        return values.indices.map { (values[$0], rows[$0]) }
    }
}

extension URLTable {
    /// The rows' answers for the table as it is now, worked out at the first read (`URLAnswers`).
    func answers() -> URLAnswers { memo.answers(judged: isJudged, workOutAnswers) }

    /// How many times a row was matched against a file's rules or the manifest's filters since the table last
    /// changed, once a row and platform each time the answers are worked out: what the tests count.
    package var evaluations: Int { memo.evaluations }

    private func workOutAnswers(judged start: Bool) -> URLAnswers {
        var answers = URLAnswers(judged: start, rows: count, android: androidJudge != nil)
        // A table too big to judge quickly is judged while no signal has come: one that comes midway leaves the
        // rows after it unjudged, so the partial report is written within seconds, not after the matching.
        let watched = start && !judgedEvenIfStopped
        var judged = start
        var position = 0
        forEachRow { row, given in
            defer { position += 1 }
            if watched, judged, position % 256 == 0, stop.isRequested {
                judged = false
                answers.cut()
            }
            guard given == nil else {
                answers.append(.none)
                if androidJudge != nil { answers.append(.no, evaluated: false) }
                return
            }
            answers.append(appleAnswer(row.url, judged: judged))
            guard let androidJudge else { return }
            if position < androidRows.count, androidRows[position] != nil {
                answers.append(.no, evaluated: false)
            } else if !judged {
                answers.append(.unjudged, evaluated: false)
            } else {
                answers.append(androidAnswer(row.url, androidJudge), evaluated: true)
            }
        }
        return answers
    }

    /// The row's decisions by the file of its host, or why they cannot be told.
    private func appleAnswer(_ url: String, judged: Bool) -> URLAnswers.Apple {
        guard let host = URLTable.host(of: url) else { return .none }
        guard let matcher = judges[host] else { return unknownReason(host) == nil ? .none : .unknown(host: host) }
        guard judged else { return .unjudged }
        return .decided(host: host, decisions: matcher.prepare(url).map(matcher.decisions))
    }

    /// The row's Android answer: "no" without any host's file when no App Link filter takes the URL; else the
    /// answer of the file of the host that verifies the filter, unknown when that file was not read.
    private func androidAnswer(_ url: String, _ android: AndroidJudge) -> URLAnswers.Android {
        guard case .success(let parsed) = WebURL.parse(url) else { return .no }
        var hostFile = AndroidMatcher.HostFile.assumedVerified
        switch AndroidMatcher.filterAnswer(for: parsed, filters: android.filters) {
        case .noFilter:
            // Most links of a crawl: no rule, no note, and no need to ask the matcher.
            return .no
        case .undecided:
            // No file changes the answer: the matcher says why not on its own.
            break
        case .verifiedOn(let host):
            guard let file = androidHosts[host] else { return .unknown(verificationHost: host) }
            hostFile = file
        }
        let verdict = AndroidMatcher.match(parsed, manifest: android.manifest, hostFile: hostFile)
        return .decided(opens: verdict.opens, package: verdict.package, rule: verdict.rule, notes: verdict.notes)
    }

    /// Writes a bare row's iOS answer into `report`: each app's verdict, its sentence written from the decision.
    func write(_ answer: URLAnswers.Apple, into report: inout URLReport) {
        switch answer {
        case .none: break
        case .unknown(let host): report.unknownReason = unknownReason(host)
        case .unjudged: report.unknownReason = StopSignal.unjudgedNote
        case .decided(let host, let decisions):
            guard let matcher = judges[host] else { return }
            let result = matcher.verdicts(for: report.url, decisions: decisions)
            if result.opensApp != nil, let page = report.foundOn, URLTable.host(of: page) == host {
                report.notes.append(.sameDomainTap)
            }
            report.verdicts = result.verdicts
            report.opensApp = result.opensApp
        }
    }

    /// Writes a bare row's Android answer into `report` (`package`: the manifest's); the verdict's notes join the
    /// row's.
    func write(_ answer: URLAnswers.Android, package: String?, into report: inout URLReport) {
        switch answer {
        case .no: report.android = URLReport.Android(opens: false, package: package, rule: nil)
        case .unknown(let host):
            report.android = URLReport.Android(
                opens: nil, package: package, rule: nil,
                unknownReason: androidUnknownReasons[host] ?? URLTable.androidNotReadReason(host))
        case .unjudged:
            report.android = URLReport.Android(
                opens: nil, package: package, rule: nil, unknownReason: StopSignal.unjudgedNote)
        case .decided(let opens, let decidedPackage, let rule, let notes):
            report.notes += notes.map(URLNote.android)
            report.android = URLReport.Android(opens: opens, package: decidedPackage, rule: rule)
        }
    }
}
