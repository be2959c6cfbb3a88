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
    public var url: String?
    public var pointer: String?
    public var line: Int?
    public var column: Int?

    public init(url: String? = nil, pointer: String? = nil, line: Int? = nil, column: Int? = nil) {
        self.url = url
        self.pointer = pointer
        self.line = line
        self.column = column
    }

    /// Every key is written, null when unknown, so consumers need not guess (the report schema lists them all).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(url, forKey: .url)
        try c.encode(pointer, forKey: .pointer)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
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

    public init(
        id: String, severity: Severity, message: String, location: FindingLocation, why: String, hint: String,
        reference: String? = nil
    ) {
        self.id = id
        self.severity = severity
        self.message = message
        self.location = location
        self.why = why
        self.hint = hint
        self.reference = reference
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
