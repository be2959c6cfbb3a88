import Foundation

/// One URL found on a site, with the verdict of every app in its domain's file (a row of the report's `urls`).
public struct URLReport: Codable, Sendable, Equatable {
    public var url: String
    public var foundOn: String?
    public var httpStatus: Int?
    public var verdicts: [AppVerdict]
    public var opensApp: String?
    /// Why it was not fetched, or what happened when it was: one typed note each.
    public var notes: [URLNote]
    /// The notes as report.json and urls.csv show them, joined by `"; "` (nil for none); set from such a string
    /// (a row read back), each part a note.
    public var note: String? {
        get { URLNote.joined(notes) }
        set { notes = URLNote.parts(of: newValue) }
    }
    /// Where a redirect sent the crawler (resolved as followed), when fetching the URL gave one.
    public var redirectTo: String?
    /// Links from the start page to here (0 for the start page); nil for a URL known only from a sitemap, and in
    /// reports written before crawls recorded it.
    public var depth: Int?
    /// Crawled pages that link to it, each counted once; nil in reports written before crawls counted them.
    public var inlinks: Int?
    /// The first non-empty text of a link to it, whitespace collapsed, at most 200 characters.
    public var anchorText: String?
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
        self.android = android
        self.unknownReason = unknownReason
        self.url = url
        self.foundOn = foundOn
        self.httpStatus = httpStatus
        self.verdicts = verdicts
        self.opensApp = opensApp
        self.notes = notes
        self.redirectTo = redirectTo
        self.depth = depth
        self.inlinks = inlinks
        self.anchorText = anchorText
        self.href = href
    }

    enum CodingKeys: String, CodingKey {
        case url, foundOn, httpStatus, verdicts, opensApp, note, redirectTo, depth, inlinks, anchorText, href
        case unknownReason
        case opensAndroid, androidPackage, androidRule, androidUnknownReason
    }

    /// The stored members; `"opens": null` without a reason (a hand-made row) is unknown too.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        url = try c.decode(String.self, forKey: .url)
        foundOn = try c.decodeIfPresent(String.self, forKey: .foundOn)
        httpStatus = try c.decodeIfPresent(Int.self, forKey: .httpStatus)
        verdicts = try c.decode([AppVerdict].self, forKey: .verdicts)
        opensApp = try c.decodeIfPresent(String.self, forKey: .opensApp)
        notes = URLNote.parts(of: try c.decodeIfPresent(String.self, forKey: .note))
        redirectTo = try c.decodeIfPresent(String.self, forKey: .redirectTo)
        depth = try c.decodeIfPresent(Int.self, forKey: .depth)
        inlinks = try c.decodeIfPresent(Int.self, forKey: .inlinks)
        anchorText = try c.decodeIfPresent(String.self, forKey: .anchorText)
        href = try c.decodeIfPresent(String.self, forKey: .href)
        unknownReason = try c.decodeIfPresent(String.self, forKey: .unknownReason)
        // Present (true, false or null) exactly when the run judged Android.
        if c.contains(.opensAndroid) {
            var android = Android(
                opens: try c.decodeIfPresent(Bool.self, forKey: .opensAndroid),
                package: try c.decodeIfPresent(String.self, forKey: .androidPackage),
                rule: try c.decodeIfPresent(String.self, forKey: .androidRule),
                unknownReason: try c.decodeIfPresent(String.self, forKey: .androidUnknownReason))
            android.settleUnknown()
            self.android = android
        }
        let derived = try decoder.container(keyedBy: DerivedKeys.self)
        if unknownReason == nil, derived.contains(.opens), try derived.decodeNil(forKey: .opens) {
            unknownReason = URLReport.unknownWithoutReason
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(url, forKey: .url)
        try c.encode(foundOn, forKey: .foundOn)
        try c.encode(httpStatus, forKey: .httpStatus)
        try c.encode(verdicts, forKey: .verdicts)
        try c.encode(opensApp, forKey: .opensApp)
        try c.encode(note, forKey: .note)
        try c.encode(redirectTo, forKey: .redirectTo)
        try c.encode(depth, forKey: .depth)
        try c.encode(inlinks, forKey: .inlinks)
        try c.encode(anchorText, forKey: .anchorText)
        try c.encode(href, forKey: .href)
        try c.encode(unknownReason, forKey: .unknownReason)
        // Absent, not null, in a run that did not judge Android: its report.json stays byte for byte as before.
        if let android {
            try c.encode(android.opens, forKey: .opensAndroid)
            try c.encode(android.package, forKey: .androidPackage)
            try c.encode(android.rule, forKey: .androidRule)
            try c.encode(android.unknownReason, forKey: .androidUnknownReason)
        }
        var derived = encoder.container(keyedBy: DerivedKeys.self)
        try derived.encode(unknown ? nil : opens, forKey: .opens)
        try derived.encode(apps, forKey: .apps)
        let rule = decidingRule
        try derived.encode(rule?.rule, forKey: .rule)
        try derived.encode(rule?.pointer, forKey: .ruleLocation)
    }

    /// Members worked out from `verdicts` and `opensApp`: written for readers of report.json, never read back (a
    /// row read from a report, or from one written before they existed, works them out again).
    enum DerivedKeys: String, CodingKey {
        case opens, apps, rule, ruleLocation
    }

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

/// A Smart App Banner seen on a page.
public struct BannerSighting: Sendable, Codable, Equatable {
    public var page: String
    public var content: String

    public init(page: String, content: String) {
        self.page = page
        self.content = content
    }
}

/// A page whose fetch failed.
public struct PageError: Sendable, Codable, Equatable {
    public var url: String
    public var status: Int?
    public var error: String?

    public init(url: String, status: Int?, error: String?) {
        self.url = url
        self.status = status
        self.error = error
    }
}

/// How often each rule decided for a crawled URL.
public struct RuleHits: Codable, Sendable, Equatable {
    public var rule: RuleReference
    public var hits: Int
}

/// What a crawl of one domain found: the crawl checks' input.
public struct CrawlEvidence: Sendable {
    public var domain: String
    /// The domain's own file as the domain probe decoded it, when the domain serves one.
    public var file: DecodedFile? { didSet { matcher = file?.document.map(Matcher.init) } }
    /// The file's rules, compiled once for every check that judges a URL.
    public private(set) var matcher: Matcher?
    public var urls: URLTable
    public var banners: [BannerSighting]
    public var pageErrors: [PageError]
    /// The crawl reached every page it found (not stopped by a cap or an interruption).
    public var complete: Bool

    public init(
        domain: String, file: DecodedFile?, urls: URLTable, banners: [BannerSighting] = [],
        pageErrors: [PageError] = [], complete: Bool = true
    ) {
        self.domain = domain
        self.file = file
        self.matcher = file?.document.map(Matcher.init)
        self.urls = urls
        self.banners = banners
        self.pageErrors = pageErrors
        self.complete = complete
    }

    /// Verdicts for `url` under this domain's file (empty when the file is unusable or the URL is elsewhere).
    public static func verdicts(_ url: String, matcher: Matcher?) -> (verdicts: [AppVerdict], opensApp: String?) {
        guard let matcher else { return ([], nil) }
        let result = matcher.verdicts(for: url)
        return (result.verdicts, result.opensApp)
    }

    /// Every rule of the file with the number of crawled URLs it decided, in file order. None when the run was
    /// stopped while counting a crawl too big to judge after a signal: partial counts would call used rules unused.
    public func ruleHits() -> [RuleHits] {
        guard let matcher else { return [] }
        let counts = urls.ruleCounts(host: domain)
        guard urls.isJudged else { return [] }
        var seen = Set<String>()
        var hits: [RuleHits] = []
        for app in matcher.appIDs {
            for rule in matcher.rules(of: app) where seen.insert(rule.pointer).inserted {
                hits.append(RuleHits(rule: rule, hits: counts[rule.pointer] ?? 0))
            }
        }
        return hits
    }
}

/// The Smart App Banner's `content`: `app-id=…, app-argument=…` (Apple's "Promoting apps with Smart App Banners").
public struct SmartBanner: Sendable, Equatable {
    public var appID: String?
    public var argument: String?
    public var problems: [String]

    public static let keys = ["app-id", "app-argument", "affiliate-data", "app-clip-bundle-id", "app-clip-display"]

    public init(_ content: String) {
        var problems: [String] = []
        var fields: [String: String] = [:]
        for part in content.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1)
            let key = pair.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard pair.count == 2 else {
                if !key.isEmpty { problems.append("\"\(key)\" has no value") }
                continue
            }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            if !SmartBanner.keys.contains(key) { problems.append("unknown key \"\(key)\"") }
            fields[key] = value
        }
        appID = fields["app-id"]
        argument = fields["app-argument"]
        if let id = appID {
            if id.isEmpty || !id.allSatisfy(\.isNumber) {
                problems.append("app-id \"\(id)\" is not a numeric App Store ID")
            }
        } else {
            problems.append("no app-id")
        }
        // Any "://" passes, looser than `URLAuthority`: an app argument may be an app's own URL, which the banner
        // hands over as written, so only text that cannot be a URL of any scheme is reported.
        if let argument, !argument.contains("://") {
            problems.append("app-argument \"\(argument)\" is not a URL")
        }
        self.problems = problems
    }
}
