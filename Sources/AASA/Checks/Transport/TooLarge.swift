import Foundation

/// At most 128 KiB, counted after decompression.
public enum TooLarge: Check {
    public static let description = CheckDescription(
        id: "too-large", area: .transport, severity: .error,
        summary: "The file is at most 128 KiB uncompressed",
        rationale:
            "Apple limits the file to 128 KB (swcd: 131,072 bytes), counted after HTTP decompression, so gzip does not help.",
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<DomainProbe>.wellKnownFailing(
        ExampleProbe.sized(140_000))

    /// The same demand on a local file (`check FILE`, `match --file`), which has no fetch to point at.
    public static func run(localFile file: DecodedFile, size: Int, into findings: inout FindingSink) {
        guard size > SizeLimits.aasa else { return }
        let skipped =
            file.undecodedSize == nil
            ? ""
            : " It was not decoded (files over \(DecodedFile.localDecodeLimit) bytes are not), so no other check ran."
        findings.append(
            Finding(
                id: description.id, severity: description.severity,
                message: "The file is \(size) bytes; the limit is \(SizeLimits.aasa) bytes." + skipped,
                location: FindingLocation(url: findings.url),
                why: "Devices and Apple's CDN refuse larger files on every iOS version, so no link opens the app.",
                hint:
                    "Shrink the rules: use wildcards, substitution variables (iOS 13.5+) and exclusions instead of listing URLs.",
                reference: description.reference))
    }

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        // The well-known file decides; the root copy is reported only when it alone is too large.
        let oversized = [probe.wellKnown, probe.root].compactMap { $0 }.filter {
            $0.httpStatus == 200 && $0.failure == nil && ($0.bytes > SizeLimits.aasa || $0.truncated)
        }
        for e in oversized.prefix(1) {
            let size = e.truncated ? "more than \(e.bytes) bytes" : "\(e.bytes) bytes"
            findings.add(
                description, at: e, "The file is \(size) after decompression; the limit is \(SizeLimits.aasa) bytes.",
                why: "Devices and Apple's CDN refuse larger files on every iOS version, so no link opens the app.",
                fix:
                    "Shrink the rules: use wildcards, substitution variables (iOS 13.5+) and exclusions instead of listing URLs."
            )
        }
    }
}
