/// One `ignore` entry of `.aasa-audit.json` or one `--ignore`: the findings of a check it silences, where, and why.
///
/// As in ESLint's and SwiftLint's configuration, an entry names the rule it silences; it may narrow that to domains
/// (`*` wildcards) and to a place in the file (a JSON Pointer), and it must say why, so a reviewer can judge it.
public struct IgnoreRule: Codable, Hashable, Sendable {
    /// The check ID.
    public var check: String
    /// A domain pattern, `*` standing for any run of characters (`*.acme.com`); nil: every domain and local file.
    public var domain: String?
    /// An RFC 6901 JSON Pointer: the findings at it or inside it; nil: wherever they are.
    public var pointer: String?
    public var reason: String
    /// Where it was written: "FILE:LINE", or "command line" for `--ignore`.
    public var source: String

    public init(check: String, domain: String? = nil, pointer: String? = nil, reason: String, source: String) {
        self.check = check
        self.domain = domain
        self.pointer = pointer
        self.reason = reason
        self.source = source
    }

    /// Whether this entry silences `finding`, raised about `domain` (nil: a local file or the entitlements file,
    /// which only entries without a domain reach). A `findings-truncated` finding stands for the findings of the
    /// check it names, so an entry for that check without a pointer silences it too.
    public func matches(_ finding: Finding, domain names: [String]) -> Bool {
        if let domain, !names.contains(where: { Self.wildcard(domain, matches: $0) }) { return false }
        if finding.id != check {
            guard finding.id == TruncationFinding.description.id, finding.omitted?.check == check, pointer == nil
            else { return false }
            return true
        }
        guard let pointer else { return true }
        guard let at = finding.location.pointer else { return false }
        return at == pointer || at.hasPrefix(pointer + "/")
    }

    /// Whether `pattern` (lower case, `*` for any run of characters, dots included) matches the whole of `name`,
    /// compared without regard to case.
    public static func wildcard(_ pattern: String, matches name: String) -> Bool {
        Glob.matches(Array(pattern.lowercased().utf8), Array(name.lowercased().utf8))
    }
}

/// The ignore entries of a run and which of them matched something, so stale ones can be reported (as ESLint's
/// `reportUnusedDisableDirectives` does). Shared by the domains audited at once: what matched is kept behind a lock.
public struct Suppressions: Sendable {
    public let rules: [IgnoreRule]
    private let used: Locked<Set<Int>>

    public init(_ rules: [IgnoreRule]) {
        self.rules = rules
        used = Locked([])
    }

    public var isEmpty: Bool { rules.isEmpty }

    /// Marks each finding the first matching entry silences, with that entry's reason; returns whether any was.
    /// `domain` names what the findings are about (its ASCII and Unicode forms), empty for a local file.
    @discardableResult
    public func apply(to findings: inout [Finding], domain: [String]) -> Bool {
        guard !rules.isEmpty else { return false }
        var matched: Set<Int> = []
        for position in findings.indices {
            guard let index = rules.firstIndex(where: { $0.matches(findings[position], domain: domain) }) else {
                continue
            }
            matched.insert(index)
            findings[position].suppressed = true
            findings[position].suppressedReason = rules[index].reason
        }
        if !matched.isEmpty { used.withLock { $0.formUnion(matched) } }
        return !matched.isEmpty
    }

    /// The entries that have matched no finding so far, in the order given; `applicable` narrows them to those the
    /// run could have matched (`check` reads no domain, so an entry for one is not stale there).
    public func unused(where applicable: (IgnoreRule) -> Bool = { _ in true }) -> [IgnoreRule] {
        let matched = used.withLock { $0 }
        return rules.indices.filter { !matched.contains($0) && applicable(rules[$0]) }.map { rules[$0] }
    }
}
