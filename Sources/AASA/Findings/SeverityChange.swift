/// A case where a check's finding is harsher or milder than the check's default severity.
public struct SeverityChange: Sendable, Equatable, Encodable {
    public var severity: Severity
    /// When it applies, completing "error when …" (lower case, no final period).
    public var when: String

    public init(_ severity: Severity, when: String) {
        self.severity = severity
        self.when = when
    }

    /// "error when …", as `rules` prints it.
    public var text: String { "\(severity.rawValue) when \(when)" }
}
