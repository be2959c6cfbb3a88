/// Pages a tapped link must keep in the browser — unsubscribe, opt-out, preference centre, "view in browser",
/// sign-in callbacks, `/.well-known/` — kept in one place, each entry with the source that names it. Read by
/// `rule-captures-sensitive` (does a rule capture one of these paths?) and `link-captured` (is this link one?).
public enum SensitivePaths {
    public enum Kind: String, Sendable, CaseIterable {
        case unsubscribe
        case optOut = "opt-out"
        case preferences = "preference centre"
        case viewInBrowser = "view in browser"
        case signIn = "sign-in callback"
        case wellKnown = "/.well-known/"
    }

    public struct Entry: Sendable {
        public let kind: Kind
        /// A glob on the lower-cased path: `*` is any run (crossing `/`), nothing else is special.
        public let pattern: String
        /// A concrete path this entry covers, for testing a file's rules against it.
        public let example: String
        /// Who documents or uses this path.
        public let source: String
    }

    public static let entries: [Entry] = [
        Entry(
            kind: .wellKnown, pattern: "/.well-known/*", example: "/.well-known/apple-app-site-association",
            source: "RFC 8615 (well-known URIs)")
    ]

    /// The first entry covering `path` (compared lower-cased), if any.
    public static func entry(forPath path: String) -> Entry? {
        let lowered = Array(path.lowercased().utf8)
        return entries.first { glob(Array($0.pattern.utf8), lowered) }
    }

    /// `*`-only glob, linear time (two-pointer with one backtrack point).
    static func glob(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        var p = 0
        var t = 0
        var star: Int?
        var resume = 0
        while t < text.count {
            if p < pattern.count, pattern[p] == UInt8(ascii: "*") {
                star = p
                resume = t
                p += 1
            } else if p < pattern.count, pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let s = star {
                p = s + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == UInt8(ascii: "*") { p += 1 }
        return p == pattern.count
    }
}
