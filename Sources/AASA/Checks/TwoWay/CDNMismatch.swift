import Foundation

/// Apple's CDN copy must say what the origin says.
public enum CDNMismatch: Check {
    public static let description = CheckDescription(
        id: "cdn-mismatch", area: .twoWay, severity: .warning,
        summary: "Apple's CDN serves the same rules as the site",
        rationale: """
            Since iOS 14 devices read the file from Apple's CDN, which requests it from the site within about a day and \
            cannot be purged. A stale CDN copy explains "it works in the browser but not on the phone".
            """,
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<DomainProbe>.cdnFailing(
        ExampleProbe.exchange(.cdn, body: ExampleProbe.body.replacingOccurrences(of: "/shop/*", with: "/old/*")))

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let cdn = probe.cdn, cdn.httpStatus == 200, let cdnFile = probe.cdnFile, let file = probe.file,
            let theirs = cdnFile.root, let ours = file.root, Canonical.text(theirs) != Canonical.text(ours)
        else { return }
        var what: [String] = []
        if let a = cdnFile.document, let b = file.document {
            let cdnApps = Set(AppServices.list(a).map(\.appID))
            let siteApps = Set(AppServices.list(b).map(\.appID))
            if cdnApps != siteApps {
                what.append(
                    "apps on the CDN only: \(cdnApps.subtracting(siteApps).sorted()); on the site only: \(siteApps.subtracting(cdnApps).sorted())"
                )
            }
            if a.entries.map({ $0.rules.map(Canonical.text) }) != b.entries.map({ $0.rules.map(Canonical.text) }) {
                what.append("the rules differ")
            }
        }
        findings.add(
            description, at: cdn,
            "Apple's CDN copy differs from the site's file"
                + (what.isEmpty ? "." : ": " + what.joined(separator: "; ") + "."),
            why:
                "iOS 14+ devices use the CDN copy; until it refreshes (within about a day, no purge) they follow the old rules.",
            fix:
                "Wait for the CDN to refresh (reinstalling the app refetches on a device); keep the site's file stable meanwhile."
        )
    }
}
