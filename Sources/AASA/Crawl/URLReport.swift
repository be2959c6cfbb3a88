import Foundation

/// One URL found on a site, with the verdict of every app in its domain's file (a row of the report's `urls`). What the
/// crawl recorded about it is its `facts`, whose members read as the row's own (`row.httpStatus`).
@dynamicMemberLookup
public struct URLReport: JSONRecord, Equatable {
    public var url: String
    /// What the crawl recorded: where it was found, the status, the notes, the link's depth and text, and the rest.
    public var facts: URLFacts
    public var verdicts: [AppVerdict]
    public var opensApp: String?
    /// The notes as report.json and urls.csv show them, joined by `"; "` (nil for none); set from such a string
    /// (a row read back), each part a note.
    public var note: String? {
        get { URLNote.joined(facts.notes) }
        set { facts.notes = URLNote.parts(of: newValue) }
    }
    /// Where a redirect sent the crawler (resolved as followed), when fetching the URL gave one.
    public var redirectTo: String?
    /// The href as written on the first page that linked it (`url` is that href resolved and made canonical), so
    /// the link can be found in the page's source; nil for the start page, a sitemap's URL and older reports.
    public var href: String?
    /// Why whether a tap opens an app cannot be told: the file of the URL's host was not read in this run (or the
    /// run stopped before judging a crawl too big to judge at once). Never written as "no": urls.csv says `unknown`
    /// and report.json `"opens": null`, and baselines compare no unknown answer. Nil when the answer is known.
    public var unknownReason: String?
    /// Whether the Android app opens it (`audit --android-manifest`); nil in a run that did not judge Android, whose
    /// rows then carry none of the Android members. Its notes (where older Android versions or AOSP without Play
    /// services answer differently) are among `notes`, as `URLNote.android`.
    public var android: Android?

    /// A fact of the crawl, read and written as the row's own member.
    @inlinable public subscript<Value>(dynamicMember path: WritableKeyPath<URLFacts, Value>) -> Value {
        get { facts[keyPath: path] }
        set { facts[keyPath: path] = newValue }
    }

    public init(
        url: String, foundOn: String?, httpStatus: Int?, verdicts: [AppVerdict], opensApp: String?, note: String?,
        redirectTo: String? = nil, depth: Int? = nil, inlinks: Int? = nil, anchorText: String? = nil,
        href: String? = nil, unknownReason: String? = nil, android: Android? = nil
    ) {
        self.init(
            url: url, foundOn: foundOn, httpStatus: httpStatus, verdicts: verdicts, opensApp: opensApp,
            notes: URLNote.parts(of: note), redirectTo: redirectTo, depth: depth, inlinks: inlinks,
            anchorText: anchorText, href: href, unknownReason: unknownReason, android: android)
    }

    public init(
        url: String, foundOn: String?, httpStatus: Int?, verdicts: [AppVerdict], opensApp: String?,
        notes: [URLNote], redirectTo: String? = nil, depth: Int? = nil, inlinks: Int? = nil,
        anchorText: String? = nil, href: String? = nil, unknownReason: String? = nil, android: Android? = nil
    ) {
        self.init(
            url: url,
            facts: URLFacts(
                foundOn: foundOn, httpStatus: httpStatus, notes: notes, depth: depth, inlinks: inlinks,
                anchorText: anchorText),
            verdicts: verdicts, opensApp: opensApp, redirectTo: redirectTo, href: href, unknownReason: unknownReason,
            android: android)
    }

    public init(
        url: String, facts: URLFacts, verdicts: [AppVerdict] = [], opensApp: String? = nil, redirectTo: String? = nil,
        href: String? = nil, unknownReason: String? = nil, android: Android? = nil
    ) {
        self.url = url
        self.facts = facts
        self.verdicts = verdicts
        self.opensApp = opensApp
        self.redirectTo = redirectTo
        self.href = href
        self.unknownReason = unknownReason
        self.android = android
    }

    /// The row's JSON members, in the order a decoder reads them (the writer sorts them): the one declaration
    /// report.json and domains.jsonl are written and read by. A new field is one line here.
    public static let jsonFields = JSONFields<URLReport>([
        .stored("url", \.url), .stored("foundOn", \.facts.foundOn),
        .stored("httpStatus", \.facts.httpStatus, in: URLFacts.httpStatuses), .stored("verdicts", \.verdicts),
        .stored("opensApp", \.opensApp), .stored("note", \.note), .stored("redirectTo", \.redirectTo),
        .stored("depth", \.facts.depth, in: URLFacts.pageCounts),
        .stored("inlinks", \.facts.inlinks, in: URLFacts.pageCounts),
        .stored("anchorText", \.facts.anchorText), .stored("href", \.href), .stored("unknownReason", \.unknownReason),
        .stored("contentType", \.facts.contentType),
        // Absent, not null, in a run that did not judge Android: its report.json stays byte for byte as before; and
        // read only beside `opensAndroid`, present (true, false or null) exactly when the run judged Android.
        .conditional("opensAndroid", \.androidMembers.opens, writtenWhen: judgedForAndroid, readBeside: nil),
        .conditional(
            "androidPackage", \.androidMembers.package, writtenWhen: judgedForAndroid, readBeside: "opensAndroid"),
        .conditional("androidRule", \.androidMembers.rule, writtenWhen: judgedForAndroid, readBeside: "opensAndroid"),
        .conditional(
            "androidUnknownReason", \.androidMembers.unknownReason, writtenWhen: judgedForAndroid,
            readBeside: "opensAndroid"),
        // Worked out from `verdicts`, `opensApp` and `unknownReason` for readers of report.json, never read back (a
        // row read from a report, or from one written before they existed, works them out again).
        .derived("opens", \.knownOpens), .derived("apps", \.apps), .derived("rule", \.decidingRule?.rule),
        .derived("ruleLocation", \.decidingRule?.pointer),
    ])

    /// The Android members are written in a run that judged Android.
    static let judgedForAndroid: @Sendable (URLReport) -> Bool = { $0.android != nil }

    /// Of a row read from a baseline, what it compares: the URL and the app it opened, or that this was unknown.
    public static let baselineFields = jsonFields.mask("url", "opensApp", "opens")

    public static let jsonBlank = URLReport(
        url: "", foundOn: nil, httpStatus: nil, verdicts: [], opensApp: nil, notes: [])

    /// `"opens": null` without a reason (a hand-made row) is unknown too; Android members without `opensAndroid`
    /// are no answer.
    public static func settle(_ row: inout URLReport, read: JSONFields<URLReport>.Presence) {
        if read.isNull("opens"), row.unknownReason == nil { row.unknownReason = URLReport.unknownWithoutReason }
        if read.contains("opensAndroid") { row.android?.settleUnknown() } else { row.android = nil }
    }

    /// report.json's `opens`: nil when the answer is unknown.
    public var knownOpens: Bool? { unknown ? nil : opens }

    /// Whether a tap opens an app; false for an unknown answer too (`answer` tells them apart).
    public var opens: Bool { opensApp != nil }

    /// The answer cannot be told (`unknownReason` says why).
    public var unknown: Bool { unknownReason != nil }

    /// The reason of a row read back as unknown (`"opens": null`) that gave none.
    public static let unknownWithoutReason = "not judged"

    /// urls.csv's `opens_app`: `yes`, `no` or `unknown`.
    public var answer: String { unknown ? "unknown" : opens ? "yes" : "no" }

    /// Every app that would open it, in file order; empty when none (urls.csv's `apps`).
    public var apps: [String] { verdicts.filter { $0.result == .match }.map(\.appID) }

    /// The rule that decided: the opening app's, else the first app's that a rule decided (an exclusion that kept
    /// the URL on the web); nil when no rule decided (urls.csv's `rule` and `rule_location`).
    public var decidingRule: RuleReference? {
        if let app = opensApp, let rule = verdicts.first(where: { $0.appID == app })?.rule { return rule }
        return verdicts.lazy.compactMap(\.rule).first
    }
}
