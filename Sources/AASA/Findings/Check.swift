/// The area a check belongs to, as in DESIGN §4.
public enum CheckArea: String, Codable, Sendable, CaseIterable {
    case transport, document, apps, rules, crawl
    case twoWay = "two-way"
}

/// A document an example feeds to its check: JSON text, or raw bytes for encoding-level checks.
public enum ExampleInput: Sendable {
    case json(String)
    case bytes([UInt8])
    /// What was fetched for a domain, for transport checks.
    case probe(DomainProbe)
    /// An app's associated-domains entries.
    case entitlements([String])
    /// An app, its entries for one domain, and what the domain served.
    case association(Association)
    /// What a crawl found on one domain.
    case crawl(CrawlEvidence)

    public var bytes: [UInt8] {
        switch self {
        case .json(let text): Array(text.utf8)
        case .bytes(let b): b
        case .probe(let p): p.documentSource?.body ?? []
        case .entitlements: []
        case .association(let a): a.probe.documentSource?.body ?? []
        case .crawl(let c): c.file ?? []
        }
    }
}

/// An example that the test suite runs: passing ones must produce no finding of the check, failing ones
/// exactly the listed JSON Pointers.
public struct CheckExample: Sendable {
    public var input: ExampleInput
    /// Pointers where findings must land; empty for a passing example.
    public var pointers: [String]

    public static func passing(_ json: String) -> CheckExample { CheckExample(input: .json(json), pointers: []) }
    public static func failing(_ json: String, at pointers: [String]) -> CheckExample {
        CheckExample(input: .json(json), pointers: pointers)
    }
    public static func failing(bytes: [UInt8], at pointers: [String]) -> CheckExample {
        CheckExample(input: .bytes(bytes), pointers: pointers)
    }
    public static func passing(bytes: [UInt8]) -> CheckExample { CheckExample(input: .bytes(bytes), pointers: []) }
    public static func passing(entitlements: [String]) -> CheckExample {
        CheckExample(input: .entitlements(entitlements), pointers: [])
    }
    public static func failing(entitlements: [String], at pointers: [String]) -> CheckExample {
        CheckExample(input: .entitlements(entitlements), pointers: pointers)
    }
    public static func passing(_ association: Association) -> CheckExample {
        CheckExample(input: .association(association), pointers: [])
    }
    public static func failing(_ association: Association, at pointers: [String]) -> CheckExample {
        CheckExample(input: .association(association), pointers: pointers)
    }
    public static func passing(_ evidence: CrawlEvidence) -> CheckExample {
        CheckExample(input: .crawl(evidence), pointers: [])
    }
    public static func failing(_ evidence: CrawlEvidence, at locations: [String]) -> CheckExample {
        CheckExample(input: .crawl(evidence), pointers: locations)
    }
    public static func passing(_ probe: DomainProbe) -> CheckExample {
        CheckExample(input: .probe(probe), pointers: [])
    }
    /// A failing transport example; `urls` are where its findings must land.
    public static func failing(_ probe: DomainProbe, at urls: [String]) -> CheckExample {
        CheckExample(input: .probe(probe), pointers: urls)
    }
}

/// What a check is: its stable ID (a public contract: monitoring scripts key on it), severity and reasons.
public struct CheckDescription: Sendable {
    public var id: String
    public var area: CheckArea
    /// The default severity; a finding may be milder or harsher when the case calls for it.
    public var severity: Severity
    public var summary: String
    /// Why the check exists, with the Apple source.
    public var rationale: String
    public var reference: String
    public var passing: [CheckExample]
    public var failing: [CheckExample]

    public init(
        id: String, area: CheckArea, severity: Severity, summary: String, rationale: String, reference: String,
        passing: [CheckExample], failing: [CheckExample]
    ) {
        self.id = id
        self.area = area
        self.severity = severity
        self.summary = summary
        self.rationale = rationale
        self.reference = reference
        self.passing = passing
        self.failing = failing
    }
}

/// A check over one decoded file. Checks never throw: every problem is a finding.
public protocol DocumentCheck: Sendable {
    static var description: CheckDescription { get }
    static func run(_ file: DecodedFile, into findings: inout FindingSink)
}

/// Collects findings for one file, filling in the location from the node and the check's defaults.
public struct FindingSink: Sendable {
    public private(set) var findings: [Finding] = []
    public var url: String?

    public init(url: String? = nil) { self.url = url }

    public mutating func add(
        _ check: CheckDescription, at position: SourcePosition?, pointer: String?, severity: Severity? = nil,
        _ message: String, why: String, fix: String
    ) {
        findings.append(
            Finding(
                id: check.id, severity: severity ?? check.severity, message: message,
                location: FindingLocation(
                    url: url, pointer: pointer, line: position?.line, column: position?.column),
                why: why, hint: fix, reference: check.reference))
    }

    public mutating func add(
        _ check: CheckDescription, at node: JSONNode, severity: Severity? = nil, _ message: String, why: String,
        fix: String
    ) {
        add(check, at: node.position, pointer: node.pointer, severity: severity, message, why: why, fix: fix)
    }

    public mutating func append(_ finding: Finding) { findings.append(finding) }
}

/// Apple's pages the checks cite.
public enum AppleDocs {
    public static let supportingAssociatedDomains =
        "https://developer.apple.com/documentation/xcode/supporting-associated-domains"
    public static let applinks = "https://developer.apple.com/documentation/bundleresources/applinks"
    public static let details = "https://developer.apple.com/documentation/bundleresources/applinks/details"
    public static let components =
        "https://developer.apple.com/documentation/bundleresources/applinks/details/components"
    public static let query =
        "https://developer.apple.com/documentation/bundleresources/applinks/details/components/query"
    public static let substitutionVariables =
        "https://developer.apple.com/documentation/bundleresources/applinks/substitutionvariables"
    public static let defaults = "https://developer.apple.com/documentation/bundleresources/applinks/defaults"
    public static let tn3155 =
        "https://developer.apple.com/documentation/technotes/tn3155-debugging-universal-links"
    public static let entitlement =
        "https://developer.apple.com/documentation/bundleresources/entitlements/com.apple.developer.associated-domains"
}
