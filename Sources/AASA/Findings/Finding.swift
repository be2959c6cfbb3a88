/// How bad a finding is for Universal Links.
public enum Severity: String, Codable, Sendable, Comparable, CaseIterable {
    /// Advice.
    case info
    /// Works today but is fragile, or works on some OS versions only.
    case warning
    /// Universal Links will not work as intended.
    case error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// Where a finding lands: a URL, a JSON Pointer into the file, and the line and column of that value.
public struct FindingLocation: Codable, Hashable, Sendable {
    @Nullable public var url: String?
    @Nullable public var pointer: String?
    @Nullable public var line: Int?
    @Nullable public var column: Int?

    public init(url: String? = nil, pointer: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.url = url
        self.pointer = pointer
        self.line = line
        self.column = column
    }
}

/// A fact about a site or file: what is wrong, where, why it matters (and on which OS versions), how to fix it.
public struct Finding: Codable, Hashable, Sendable {
    public var id: String
    public var severity: Severity
    public var message: String
    public var location: FindingLocation
    /// Why it matters, naming the iOS versions affected.
    public var why: String
    /// How to fix it.
    public var hint: String
    /// Apple's page behind the check.
    public var reference: String?
    /// On a `findings-truncated` finding only: the findings of one check that a file raised past the cap and
    /// that are not listed. Counts and verdicts add them up, so a capped file fails as it would uncapped.
    public var omitted: OmittedFindings?
    /// Silenced by an `ignore` entry (`.aasa-audit.json`, `--ignore`): kept in reports, counted apart, and left out
    /// of verdicts and exit statuses. Nil (not written) when not suppressed.
    public var suppressed: Bool?
    /// The ignore entry's reason ("command line" for `--ignore`).
    public var suppressedReason: String?

    public init(
        id: String, severity: Severity, message: String, location: FindingLocation, why: String, hint: String,
        reference: String? = nil, omitted: OmittedFindings? = nil
    ) {
        self.omitted = omitted
        self.id = id
        self.severity = severity
        self.message = message
        self.location = location
        self.why = why
        self.hint = hint
        self.reference = reference
    }
}

/// Findings of one check that were counted but not kept, by severity.
public struct OmittedFindings: Codable, Hashable, Sendable {
    /// The ID of the check that raised them.
    public var check: String
    public var errors: Int
    public var warnings: Int
    public var infos: Int

    public init(check: String, errors: Int = 0, warnings: Int = 0, infos: Int = 0) {
        self.check = check
        self.errors = errors
        self.warnings = warnings
        self.infos = infos
    }

    public var total: Int { errors + warnings + infos }

    public func count(_ severity: Severity) -> Int {
        switch severity {
        case .error: errors
        case .warning: warnings
        case .info: infos
        }
    }

    mutating func add(_ severity: Severity) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .info: infos += 1
        }
    }
}

extension Finding {
    /// How many findings of `severity` this one stands for: itself, plus those a truncation left out; none when
    /// it is suppressed, so no summary, verdict or exit status counts it.
    public func count(_ severity: Severity) -> Int {
        guard !isSuppressed else { return 0 }
        return (self.severity == severity ? 1 : 0) + (omitted?.count(severity) ?? 0)
    }

    /// Whether an ignore entry silenced it.
    public var isSuppressed: Bool { suppressed == true }

    /// How many findings this one stands for when suppressed (those a truncation left out included), else 0.
    public var suppressedCount: Int { isSuppressed ? 1 + (omitted?.total ?? 0) : 0 }

    /// Whether this finding, or one it stands for, is at `severity` or worse.
    public func reaches(_ severity: Severity) -> Bool {
        Severity.allCases.contains { $0 >= severity && count($0) > 0 }
    }
}

extension Sequence where Element == Finding {
    /// Every finding of `severity`, those a truncation left out included: what summaries and verdicts count.
    public func count(_ severity: Severity) -> Int {
        reduce(0) { $0 + $1.count(severity) }
    }

    /// Every finding at `severity` or worse, those a truncation left out included.
    public func count(atLeast severity: Severity) -> Int {
        Severity.allCases.filter { $0 >= severity }.reduce(0) { sum, s in sum + count(s) }
    }

    /// Suppressed findings, those a truncation left out included: counted apart from the severities.
    public var suppressedCount: Int { reduce(0) { $0 + $1.suppressedCount } }

    /// Whether any finding, kept or left out, is at `severity` or worse: what exit statuses and verdicts ask.
    public func contains(atLeast severity: Severity) -> Bool {
        contains { $0.reaches(severity) }
    }
}

extension Array where Element == Finding {
    /// Severity first, then position in the file, then ID: the order people read.
    public func sortedForReading() -> [Finding] {
        sorted { a, b in
            if a.severity != b.severity { return a.severity > b.severity }
            let la = a.location.line ?? Int.max
            let lb = b.location.line ?? Int.max
            if la != lb { return la < lb }
            let ca = a.location.column ?? Int.max
            let cb = b.location.column ?? Int.max
            if ca != cb { return ca < cb }
            return a.id < b.id
        }
    }
}
