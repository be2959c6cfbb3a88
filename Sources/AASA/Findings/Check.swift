/// The area a check belongs to: `rules` and docs/checks.md's check table group checks by it.
public enum CheckArea: String, Codable, Sendable, CaseIterable {
    case transport, document, apps, rules, crawl
    case twoWay = "two-way"
    /// What the tool does when a file or site goes past its caps.
    case limits
    /// Links as a user taps them: redirect chains through tracking domains (`links`), custom URL schemes.
    case links
    /// Android App Links: assetlinks.json as Android's verifiers and Google's API read it, and the app's side.
    case android
}

/// What a check is: its stable ID (a public contract: monitoring scripts key on it), severity and reasons; `rules
/// --json` prints it as it is.
public struct CheckDescription: Sendable, Encodable {
    public var id: String
    public var area: CheckArea
    /// The default severity; a finding may be milder or harsher when the case calls for it, as `severityChanges`
    /// says.
    public var severity: Severity
    public var summary: String
    /// Why the check exists, with the Apple source.
    public var rationale: String
    public var reference: String
    /// Every case where a finding gets another severity than the default: `rules` prints them, so the severity a
    /// report shows is never a surprise (a test holds every check's code and examples to this list).
    public var severityChanges: [SeverityChange]

    public init(
        id: String, area: CheckArea, severity: Severity, summary: String, rationale: String, reference: String,
        severityChanges: [SeverityChange] = []
    ) {
        self.id = id
        self.area = area
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.reference = reference
        self.severityChanges = severityChanges
    }
}

/// One demand on one kind of evidence, with the examples the test suite runs.
///
/// `Evidence` is what the check reads: `DecodedFile` (document, apps and rules areas), `DomainProbe` (transport
/// and Apple's CDN), `Entitlements`, `Association` (an app and one domain it names) or `CrawlEvidence`. The
/// examples are typed by it, so an example of another kind of input does not compile. A check never throws:
/// every problem is a finding.
public protocol Check<Evidence>: Sendable {
    associatedtype Evidence: Sendable
    static var description: CheckDescription { get }
    static var examples: Examples<Evidence> { get }
    static func run(_ evidence: Evidence, into findings: inout FindingSink)
}

/// One input for a check and where its findings must land.
public struct Example<Evidence: Sendable>: Sendable {
    public var evidence: Evidence
    /// JSON Pointers, `line:column` or URLs where the findings must land; empty for a passing example.
    public var locations: [String]

    public init(_ evidence: Evidence, locations: [String]) {
        self.evidence = evidence
        self.locations = locations
    }

    public static func passing(_ evidence: Evidence) -> Example { Example(evidence, locations: []) }
    public static func failing(_ evidence: Evidence, at locations: [String]) -> Example {
        Example(evidence, locations: locations)
    }
}

/// A check's examples: passing ones must produce no finding of the check, failing ones exactly the listed locations.
public struct Examples<Evidence: Sendable>: Sendable {
    public var passing: [Example<Evidence>]
    public var failing: [Example<Evidence>]

    public init(passing: [Example<Evidence>], failing: [Example<Evidence>]) {
        self.passing = passing
        self.failing = failing
    }
}
