internal import CHTMLScan
import Foundation

/// robots.txt (RFC 9309): the group for our user-agent token (else `*`), longest-match Allow/Disallow with
/// `*` and `$`, Crawl-delay, and the Sitemap lines.
public struct Robots: Sendable, Equatable {
    public struct Rule: Sendable, Equatable {
        public var allow: Bool
        public var pattern: String
    }

    public var rules: [Rule]
    public var crawlDelay: Double?
    public var sitemaps: [String]

    /// Our product token, matched case-insensitively against User-agent lines.
    public static let token = "aasa-audit"
    /// RFC 9309 §2.5: parse at least 500 KiB; more is ignored.
    public static let maximumBytes = 512 * 1024

    public static let allowAll = Robots(rules: [], crawlDelay: nil, sitemaps: [])

    public init(rules: [Rule], crawlDelay: Double?, sitemaps: [String]) {
        self.rules = rules
        self.crawlDelay = crawlDelay
        self.sitemaps = sitemaps
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
        crawlDelay = chosen.compactMap(\.delay).first.map { min(max($0, 0), 60) }
        self.sitemaps = sitemaps
    }

    /// Whether a path (with its query) may be crawled: the longest matching rule wins, Allow on a tie.
    public func allows(_ pathAndQuery: String) -> Bool {
        var best: (length: Int, allow: Bool)?
        for rule in rules where Robots.matches(rule.pattern, pathAndQuery) {
            let length = rule.pattern.count
            if best == nil || length > best!.length || (length == best!.length && rule.allow) {
                best = (length, rule.allow)
            }
        }
        return best?.allow ?? true
    }

    static func matches(_ pattern: String, _ path: String) -> Bool {
        let anchored = pattern.hasSuffix("$")
        let p = Array((anchored ? String(pattern.dropLast()) : pattern).utf8)
        let s = Array(path.utf8)
        // Glob with `*`; without `$` the pattern is a prefix.
        func match(_ i: Int, _ j: Int) -> Bool {
            var i = i
            var j = j
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
        return match(0, 0)
    }
}

/// `<loc>` values of a sitemap or sitemap index (sitemaps.org), found without building a tree.
public enum Sitemap {
    public struct Parsed: Sendable, Equatable {
        public var isIndex: Bool
        public var locations: [String]
    }

    /// The sitemaps.org limit per file.
    public static let maximumLocations = 50_000

    public static func parse(_ bytes: [UInt8]) -> Parsed {
        let text = String(decoding: bytes, as: UTF8.self)
        let isIndex = text.range(of: "<sitemapindex", options: .caseInsensitive) != nil
        var locations: [String] = []
        var rest = text[...]
        while locations.count < maximumLocations, let open = rest.range(of: "<loc>", options: .caseInsensitive) {
            guard let close = rest[open.upperBound...].range(of: "</loc>", options: .caseInsensitive) else { break }
            var value = String(rest[open.upperBound..<close.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
            if value.hasPrefix("<![CDATA["), value.hasSuffix("]]>") {
                value = String(value.dropFirst(9).dropLast(3))
            } else {
                value = decodeEntities(value)
            }
            if !value.isEmpty { locations.append(value) }
            rest = rest[close.upperBound...]
        }
        return Parsed(isIndex: isIndex, locations: locations)
    }

    /// The decompressed bytes of a gzip file (a .xml.gz sitemap served as application/gzip, not as a
    /// Content-Encoding libcurl would undo), read through libxml2's zlib; nil when it is not gzip.
    public static func gunzipped(_ bytes: [UInt8], limit: Int = 50 * 1024 * 1024) -> [UInt8]? {
        guard bytes.starts(with: [0x1F, 0x8B]) else { return nil }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-sitemap-\(UUID().uuidString).gz")
        guard FileManager.default.createFile(atPath: file.path, contents: Data(bytes)) else { return nil }
        defer { try? FileManager.default.removeItem(at: file) }
        var length = 0
        guard let buffer = chtmlscan_read_decompressed(file.path, limit, &length) else { return nil }
        defer { free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: length))
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
