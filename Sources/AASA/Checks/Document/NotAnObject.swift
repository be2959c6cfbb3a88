/// The top level must be a JSON object keyed by service.
public enum NotAnObject: Check {
    public static let description = CheckDescription(
        id: "not-an-object", area: .document, severity: .error,
        summary: "The top level is a JSON object",
        rationale:
            "swcd reads the top-level object's service keys (`applinks`, `webcredentials`, …); anything else holds no services.",
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<DecodedFile>(
        passing: [.passing(#"{"webcredentials": {"apps": ["9JA89QQLNQ.com.acme.shop"]}}"#)],
        failing: [.failing(#"[{"applinks": {}}]"#, at: [""]), .failing(#""applinks""#, at: [""])])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let root = file.root, root.members == nil else { return }
        findings.add(
            description, at: root, "The file's top level is \(root.typeName), not an object.",
            why: "Devices (all iOS versions) find no service in it, so the domain is associated with no app.",
            fix: #"Make the top level an object: {"applinks": {"details": [ … ]}}."#)
    }
}
