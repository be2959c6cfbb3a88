/// Collects findings for one file, filling in the location from the node and the check's defaults.
///
/// Each check keeps at most `limit` findings per sink (one file, one probe, one crawl): past that a finding is
/// only counted, so a file raising 64,000 findings of one check costs memory for 100 of them. `findings` ends
/// with one `findings-truncated` finding per capped check, carrying the counts of what was left out.
public struct FindingSink: Sendable {
    /// Findings kept per check and file, unless a sink is made with another limit.
    public static let defaultLimit = 100

    public let limit: Int
    public var url: String?
    /// What the sink collects for, named by its `findings-truncated` finding.
    public let scope: FindingScope
    /// The run's stop signal: a check that may take seconds (thousands of rules) returns early once it is set.
    public let stop: StopSignal
    private var kept: [Finding] = []
    private var raised: [String: Int] = [:]
    /// Per capped check in the order they were capped: what was left out, and where the first one left out lands.
    private var truncations: [(omitted: OmittedFindings, first: FindingLocation)] = []
    private var truncationIndex: [String: Int] = [:]

    public init(
        url: String? = nil, limit: Int = FindingSink.defaultLimit, scope: FindingScope = .file,
        stop: StopSignal = .never
    ) {
        self.url = url
        self.limit = max(0, limit)
        self.scope = scope
        self.stop = stop
    }

    /// The kept findings, then a `findings-truncated` finding for each check that raised more than `limit`.
    public var findings: [Finding] {
        kept
            + truncations.map {
                TruncationFinding.finding(omitted: $0.omitted, kept: limit, at: $0.first, scope: scope)
            }
    }

    /// What each capped check left out, in the order the checks were capped.
    public var omitted: [OmittedFindings] { truncations.map(\.omitted) }

    public mutating func add(
        _ check: CheckDescription, at position: SourcePosition?, pointer: String?, severity: Severity? = nil,
        _ message: String, why: String, fix: String
    ) {
        append(
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

    /// Keeps the finding, or past the check's cap only counts it.
    public mutating func append(_ finding: Finding) {
        let count = raised[finding.id, default: 0]
        raised[finding.id] = count + 1
        if count < limit {
            kept.append(finding)
            return
        }
        if let index = truncationIndex[finding.id] {
            truncations[index].omitted.add(finding.severity)
        } else {
            var omitted = OmittedFindings(check: finding.id)
            omitted.add(finding.severity)
            truncationIndex[finding.id] = truncations.count
            truncations.append((omitted, finding.location))
        }
    }
}

extension FindingSink {
    /// A finding about a fetched URL (no position in a file).
    public mutating func add(
        _ check: CheckDescription, at exchange: Exchange, severity: Severity? = nil, _ message: String, why: String,
        fix: String
    ) {
        append(
            Finding(
                id: check.id, severity: severity ?? check.severity, message: message,
                location: FindingLocation(url: exchange.url), why: why, hint: fix, reference: check.reference))
    }
}
