internal import CHTMLScan
import Foundation

/// robots.txt (RFC 9309): the group for our user-agent token (else `*`), longest-match Allow/Disallow with
/// `*` and `$`, Crawl-delay, and the Sitemap lines.
public struct Robots: Sendable, Equatable {
    public struct Rule: Sendable, Equatable {
        public var allow: Bool
        public var pattern: String {
            didSet { compiled = Compiled(pattern) }
        }
        /// The pattern read once: every URL a crawl finds is checked against every rule.
        var compiled: Compiled

        public init(allow: Bool, pattern: String) {
            self.allow = allow
            self.pattern = pattern
            compiled = Compiled(pattern)
        }
    }

    /// A rule's pattern as bytes without its `$`, its length in characters (what "longest match" counts) and how
    /// many of its bytes come before the first `*` (what every path it matches starts with).
    struct Compiled: Sendable, Equatable {
        let bytes: [UInt8]
        let anchored: Bool
        let length: Int
        let literal: Int

        init(_ pattern: String) {
            anchored = pattern.hasSuffix("$")
            bytes = Array((anchored ? String(pattern.dropLast()) : pattern).utf8)
            length = pattern.count
            literal = bytes.firstIndex(of: UInt8(ascii: "*")) ?? bytes.count
        }
    }

    public var rules: [Rule] {
        didSet { index = RobotsRuleIndex(rules) }
    }
    /// Which rules can match a path, found by its first bytes.
    private(set) var index: RobotsRuleIndex
    /// Seconds, as robots.txt asked (0 to 86,400); the crawl caps it with `CrawlOptions.maxCrawlDelay`.
    public var crawlDelay: Double?
    public var sitemaps: [String]

    /// Our product token, matched case-insensitively against User-agent lines.
    public static let token = "aasa-audit"
    /// RFC 9309 §2.5: parse at least 500 KiB; more is ignored.
    public static let maximumBytes = 512 * 1024

    public static let allowAll = Robots(rules: [], crawlDelay: nil, sitemaps: [])
    /// RFC 9309 §2.3.1.4: a robots.txt that answers 5xx or cannot be reached disallows the whole site.
    public static let disallowAll = Robots(rules: [Rule(allow: false, pattern: "/")], crawlDelay: nil, sitemaps: [])

    public init(rules: [Rule], crawlDelay: Double?, sitemaps: [String]) {
        self.rules = rules
        self.crawlDelay = crawlDelay
        self.sitemaps = sitemaps
        index = RobotsRuleIndex(rules)
    }

    public init(parsing bytes: [UInt8]) {
        let text = String(decoding: bytes.prefix(Robots.maximumBytes), as: UTF8.self)
        var groups: [(agents: [String], rules: [Rule], delay: Double?)] = []
        var sitemaps: [String] = []
        var current: (agents: [String], rules: [Rule], delay: Double?)?
        var lastWasAgent = false
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard let colon = line.firstIndex(of: ":") else { continue }
            let field = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch field {
            case "user-agent":
                if !lastWasAgent {
                    if let current { groups.append(current) }
                    current = ([], [], nil)
                }
                current?.agents.append(value.lowercased())
                lastWasAgent = true
            case "allow", "disallow":
                lastWasAgent = false
                guard current != nil, !(field == "disallow" && value.isEmpty) else { continue }
                current?.rules.append(Rule(allow: field == "allow", pattern: value))
            case "crawl-delay":
                lastWasAgent = false
                current?.delay = Double(value)
            case "sitemap":
                lastWasAgent = false
                if !value.isEmpty { sitemaps.append(value) }
            default:
                lastWasAgent = false
            }
        }
        if let current { groups.append(current) }
        let ours = groups.filter { $0.agents.contains { Robots.token.hasPrefix($0) && !$0.isEmpty && $0 != "*" } }
        let chosen = ours.isEmpty ? groups.filter { $0.agents.contains("*") } : ours
        rules = chosen.flatMap(\.rules)
        index = RobotsRuleIndex(rules)
        // As asked, kept finite (nan is ignored, inf is a day): the crawl honours at most --max-crawl-delay of it.
        crawlDelay = chosen.compactMap(\.delay).first { !$0.isNaN }.map { min(max($0, 0), 86_400) }
        self.sitemaps = sitemaps
    }

    /// Whether a path (with its query) may be crawled: the longest matching rule wins, Allow on a tie. Only the rules
    /// whose literal prefix starts the path are matched (the index finds them); no other rule can match.
    public func allows(_ pathAndQuery: String) -> Bool {
        let path = Array(pathAndQuery.utf8)
        var best: (length: Int, allow: Bool)?
        index.candidates(for: path, in: rules) { number in
            let rule = rules[number]
            let compiled = rule.compiled
            // The longest match wins: a rule that cannot beat the best so far need not be matched.
            if let best, compiled.length < best.length || (compiled.length == best.length && !rule.allow) { return }
            guard Robots.matches(compiled.bytes, anchored: compiled.anchored, path) else { return }
            best = (compiled.length, rule.allow)
        }
        return best?.allow ?? true
    }

    static func matches(_ pattern: String, _ path: String) -> Bool {
        let compiled = Compiled(pattern)
        return matches(compiled.bytes, anchored: compiled.anchored, Array(path.utf8))
    }

    /// The classic greedy glob with one backtrack point (the last `*` seen): exact for robots.txt's `*` and `$`
    /// because a later `*` can absorb anything an earlier one would have, so earlier choices never need revisiting.
    /// Without `$` the pattern is a prefix. Time O(pattern × path) at worst, linear in the path; no recursion.
    static func matches(_ p: [UInt8], anchored: Bool, _ s: [UInt8]) -> Bool {
        var i = 0
        var j = 0
        var star = -1
        var mark = 0
        while j < s.count {
            if i < p.count && p[i] == UInt8(ascii: "*") {
                star = i
                mark = j
                i += 1
            } else if i < p.count && p[i] == s[j] {
                i += 1
                j += 1
            } else if i == p.count && !anchored {
                return true
            } else if star >= 0 {
                i = star + 1
                mark += 1
                j = mark
            } else {
                return false
            }
        }
        while i < p.count && p[i] == UInt8(ascii: "*") { i += 1 }
        return i == p.count
    }
}
