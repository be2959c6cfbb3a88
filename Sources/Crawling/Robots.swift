import Foundation

/// robots.txt as Google's reference parser reads it (RFC 9309 plus its accepted mistakes): the groups for our
/// product token (else `*`), longest-match Allow/Disallow with `*` and `$`, Crawl-delay, and the Sitemap lines.
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

    /// A rule's pattern as bytes without its `$`, its length in bytes with the `$` (what "longest match" counts, as
    /// Google counts it) and how many of its bytes come before the first `*` (what every path it matches starts with).
    struct Compiled: Sendable, Equatable {
        let bytes: [UInt8]
        let anchored: Bool
        let length: Int
        let literal: Int

        init(_ pattern: String) {
            anchored = pattern.hasSuffix("$")
            bytes = Array((anchored ? String(pattern.dropLast()) : pattern).utf8)
            length = pattern.utf8.count
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

    /// Our product token, matched case-insensitively against User-agent lines: the leading token of the crawl's
    /// default User-Agent (`--user-agent` gives another).
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

    /// Reads robots.txt as Google's reference parser does (google/robotstxt, which RFC 9309 standardised): the lines
    /// of `RobotsLines`, the directives of `RobotsDirective`, patterns escaped by `RobotsPattern`. A `User-agent` line
    /// names us when the leading token of its value (letters, `_`, `-`) is `productToken`, ignoring case, so
    /// "aasa-audit/2.0" and "aasa-audit (compatible)" apply and "aasa" does not. Consecutive user-agent lines form one
    /// group, which only a rule line ends (Sitemap, Crawl-delay and unknown lines do not); rules before any
    /// user-agent line are ignored; every group naming us counts, and once any does, the `*` groups count for
    /// nothing, even when ours have no rules.
    public init(parsing bytes: [UInt8], productToken: String = Robots.token) {
        let token = productToken.utf8.map(RobotsDirective.lowercased)
        var global: (rules: [Rule], delay: Double?) = ([], nil)
        var specific: (rules: [Rule], delay: Double?) = ([], nil)
        // robots.cc's RobotsMatcher state: which agents the current group names, and whether a rule has ended it.
        var seenGlobal = false
        var seenSpecific = false
        var everSeenSpecific = false
        var seenRule = false
        var sitemaps: [String] = []
        RobotsLines.forEach(in: bytes.prefix(Robots.maximumBytes)) { line in
            guard let directive = RobotsDirective(line) else { return }
            let value = directive.value
            switch directive.kind {
            case .userAgent:
                if seenRule { (seenGlobal, seenSpecific, seenRule) = (false, false, false) }
                if Robots.namesEveryAgent(value) {
                    seenGlobal = true
                } else if !token.isEmpty, Robots.leadingToken(of: value).map(RobotsDirective.lowercased) == token {
                    (seenSpecific, everSeenSpecific) = (true, true)
                }
            case .allow, .disallow:
                guard seenGlobal || seenSpecific else { return }
                seenRule = true
                let allow = directive.kind == .allow
                let pattern = RobotsPattern.escaped(value)
                // An empty pattern matches with priority 0, which never decides (robots.cc `disallow()`).
                guard !pattern.isEmpty else { return }
                var added = [Rule(allow: allow, pattern: pattern)]
                if allow, let page = RobotsPattern.indexPageAllowance(pattern) {
                    added.append(Rule(allow: true, pattern: page))
                }
                if seenSpecific { specific.rules += added } else { global.rules += added }
            case .crawlDelay:
                guard seenGlobal || seenSpecific, let seconds = Double(String(decoding: value, as: UTF8.self)),
                    !seconds.isNaN
                else { return }
                if seenSpecific {
                    specific.delay = specific.delay ?? seconds
                } else {
                    global.delay = global.delay ?? seconds
                }
            case .sitemap:
                if !value.isEmpty { sitemaps.append(String(decoding: value, as: UTF8.self)) }
            case .other:
                break
            }
        }
        let chosen = everSeenSpecific ? specific : global
        rules = chosen.rules
        index = RobotsRuleIndex(rules)
        // As asked, kept finite (nan is ignored, inf is a day): the crawl honours at most --max-crawl-delay of it.
        crawlDelay = chosen.delay.map { min(max($0, 0), 86_400) }
        self.sitemaps = sitemaps
    }

    /// The product token a User-Agent header names: its leading letters, `_` and `-` ("aasa-audit/0.1 (…)" gives
    /// "aasa-audit"), what robots.txt groups are chosen by (robots.cc `ExtractUserAgent`).
    public static func productToken(of userAgent: String) -> String {
        String(decoding: leadingToken(of: userAgent.utf8[...]), as: UTF8.self)
    }

    private static func leadingToken<Bytes: Collection<UInt8>>(of value: Bytes) -> Bytes.SubSequence {
        value.prefix { byte in
            let letter = RobotsDirective.lowercased(byte)
            return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(letter) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_")
        }
    }

    /// `*`, alone or followed by whitespace and anything ("* # all bots" once the comment is gone, "* foo"): Google
    /// reads both as the group for every agent.
    private static func namesEveryAgent(_ value: ArraySlice<UInt8>) -> Bool {
        guard value.first == UInt8(ascii: "*") else { return false }
        return value.count == 1 || RobotsDirective.isSpace(value[value.startIndex + 1])
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
