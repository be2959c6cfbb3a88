import Foundation

/// Warn as the file approaches the limit.
public enum SizeNearLimit: Check {
    public static let description = CheckDescription(
        id: "size-near-limit", area: .transport, severity: .warning,
        summary: "The file stays well under the 128 KiB limit",
        rationale:
            "Above 100 KiB one more batch of generated rules can cross Apple's 128 KiB limit and break every link at once.",
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<DomainProbe>.wellKnownFailing(
        ExampleProbe.sized(110_000))

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.documentSource, !e.truncated, e.bytes > SizeLimits.nearLimit, e.bytes <= SizeLimits.aasa
        else {
            return
        }
        findings.add(
            description, at: e, "The file is \(e.bytes) bytes, \(e.bytes * 100 / SizeLimits.aasa)% of Apple's limit.",
            why: "Past \(SizeLimits.aasa) bytes every iOS version rejects the whole file.",
            fix: "Consolidate rules with wildcards or substitution variables before the file grows further.")
    }
}
