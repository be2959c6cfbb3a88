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
