import Foundation

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
