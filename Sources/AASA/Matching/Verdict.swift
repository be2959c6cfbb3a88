/// The outcome for one app and one URL.
public enum MatchResult: String, Codable, Sendable, CaseIterable {
    /// A rule matched: the URL opens the app.
    case match
    /// An `exclude` rule (or a `NOT ` path) matched first: the URL stays on the web.
    case exclude
    /// No rule matched, or the file does not list the app.
    case noMatch = "no_match"
}

/// The rule that decided, as written, so a report can explain the verdict.
public struct RuleReference: JSONRecord, Hashable {
    /// The entry's index in the file's `details` (the member's position in the legacy dictionary form), counting
    /// the items that are not objects and so decide nothing.
    public var detailsIndex: Int
    /// The rule's index in the entry's `components` (or `paths`).
    public var ruleIndex: Int
    public var format: AASADocument.RuleFormat
    public var pointer: String
    /// The rule's JSON text as it appears in the file.
    public var rule: String
    public var line: Int
    public var column: Int

    public init(
        detailsIndex: Int, ruleIndex: Int, format: AASADocument.RuleFormat, pointer: String, rule: String, line: Int,
        column: Int
    ) {
        self.detailsIndex = detailsIndex
        self.ruleIndex = ruleIndex
        self.format = format
        self.pointer = pointer
        self.rule = rule
        self.line = line
        self.column = column
    }
}

extension RuleReference {
    /// Its JSON members, in the order a decoder reads them: written inside every URL row (`URLReport`).
    public static let jsonFields = JSONFields<RuleReference>([
        .stored("detailsIndex", \.detailsIndex), .stored("ruleIndex", \.ruleIndex), .stored("format", \.format),
        .stored("pointer", \.pointer), .stored("rule", \.rule), .stored("line", \.line), .stored("column", \.column),
    ])

    public static let jsonBlank = RuleReference(
        detailsIndex: 0, ruleIndex: 0, format: .components, pointer: "", rule: "", line: 0, column: 0)
}

extension AASADocument.RuleFormat: JSONValue {}

/// One app's verdict on one URL, with the deciding rule.
public struct AppVerdict: JSONRecord, Hashable {
    public var appID: String
    public var result: MatchResult
    public var rule: RuleReference?
    /// One sentence explaining the result.
    public var reason: String

    public init(appID: String, result: MatchResult, rule: RuleReference?, reason: String) {
        self.appID = appID
        self.result = result
        self.rule = rule
        self.reason = reason
    }
}

extension AppVerdict {
    /// Its JSON members, in the order a decoder reads them: written inside every URL row (`URLReport`).
    public static let jsonFields = JSONFields<AppVerdict>([
        .stored("appID", \.appID), .stored("result", \.result), .stored("rule", \.rule), .stored("reason", \.reason),
    ])

    public static let jsonBlank = AppVerdict(appID: "", result: .noMatch, rule: nil, reason: "")
}

extension MatchResult: JSONValue {}

/// Every app's verdict on one URL: `match --json` prints a list of these.
public struct URLVerdicts: Codable, Hashable, Sendable {
    public var url: String
    public var verdicts: [AppVerdict]
    /// The first app, in file order, whose verdict is `match`.
    @Nullable public var opensApp: String?
}

/// Why one rule did or did not decide, for `match`'s rule-by-rule explanation.
public struct RuleTrace: Codable, Hashable, Sendable {
    public var rule: RuleReference
    /// `matched`, or which part differed first (swcd order: path, fragment, query).
    public var outcome: String
}
