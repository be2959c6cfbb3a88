import Foundation

/// Apple's CDN copy must say what the origin says.
public enum CDNMismatch: TransportCheck {
    public static let description = CheckDescription(
        id: "cdn-mismatch", area: .twoWay, severity: .warning,
        summary: "Apple's CDN serves the same rules as the site",
        rationale: """
            Since iOS 14 devices read the file from Apple's CDN, which requests it from the site within about a day and \
            cannot be purged. A stale CDN copy explains "it works in the browser but not on the phone".
            """,
        reference: AppleDocs.supportingAssociatedDomains,
        passing: [.passing(ExampleProbe.withCDN(ExampleProbe.exchange(.cdn)))],
        failing: [
            .failing(
                ExampleProbe.withCDN(
                    ExampleProbe.exchange(
                        .cdn, body: ExampleProbe.body.replacingOccurrences(of: "/shop/*", with: "/old/*"))),
                at: [DomainProbe.url(ExampleProbe.domain, .cdn)])
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let cdn = probe.cdn, cdn.httpStatus == 200, let origin = probe.documentSource,
            let theirs = DecodedFile(bytes: cdn.body).root, let ours = DecodedFile(bytes: origin.body).root,
            Canonical.text(theirs) != Canonical.text(ours)
        else { return }
        var what: [String] = []
        if let a = DecodedFile(bytes: cdn.body).document, let b = DecodedFile(bytes: origin.body).document {
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

/// Apple's CDN must have a copy.
public enum CDNFailure: TransportCheck {
    public static let description = CheckDescription(
        id: "cdn-failure", area: .twoWay, severity: .error,
        summary: "Apple's CDN has a copy of the file",
        rationale: """
            When the CDN could not fetch the file it answers an error with Apple-Failure-Reason and \
            Apple-Failure-Details headers (for example SWCERR00101 Bad HTTP Response, SWCERR00301 Timeout). Devices \
            on iOS 14+ then get no file even when the site serves one now.
            """,
        reference: AppleDocs.tn3155,
        passing: [.passing(ExampleProbe.withCDN(ExampleProbe.exchange(.cdn)))],
        failing: [
            .failing(
                ExampleProbe.withCDN(
                    ExampleProbe.exchange(
                        .cdn, status: 404,
                        headers: [
                            HeaderField(
                                name: "Apple-Failure-Reason", value: "SWCERR00101 Bad HTTP Response: 404 Not Found")
                        ])),
                at: [DomainProbe.url(ExampleProbe.domain, .cdn)])
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        // When the site's own /.well-known/ file is broken, its findings already explain the CDN's failure.
        guard let cdn = probe.cdn, DomainProbe.serves(probe.wellKnown) else { return }
        let reason = cdn.header("Apple-Failure-Reason")
        let details = cdn.header("Apple-Failure-Details")
        guard cdn.httpStatus != 200 || reason != nil || cdn.failure != nil else { return }
        var message = "Apple's CDN "
        if let failure = cdn.failure {
            message += "could not be reached (\(cdn.error ?? failure.rawValue))."
        } else {
            message += "answered HTTP \(cdn.httpStatus.map(String.init) ?? "?")"
            message += reason.map { "; Apple-Failure-Reason: \($0)" } ?? ""
            message += details.map { "; Apple-Failure-Details: \($0)" } ?? ""
            message += "."
        }
        findings.add(
            description, at: cdn, severity: cdn.failure != nil ? .warning : nil, message,
            why: cdn.failure != nil
                ? "The auditor could not check the copy iOS 14+ devices use."
                : "iOS 14+ devices get no file from the CDN, so links do not open the app even though the site serves it now.",
            fix:
                "Make sure Apple's crawler can fetch the file (no bot blocking, no geo or IP limits, 200 with no redirect); "
                + "the CDN retries within about a day.")
    }
}
