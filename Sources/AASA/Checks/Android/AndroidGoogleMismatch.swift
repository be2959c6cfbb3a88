import Foundation

/// Google's cached statements should be the site's: verifiers that ask Google read the cache, not the site.
public enum AndroidGoogleMismatch: Check {
    public static let description = CheckDescription(
        id: "android-google-mismatch", area: .android, severity: .warning,
        summary: "Google's Digital Asset Links API holds the site's App Links statements",
        rationale: """
            Google's Digital Asset Links service caches each site's statements for the maxAge it names; Google's \
            tooling, and verifiers that ask Google, read that copy. An app the site lists that Google's copy lacks \
            (a new app or signing key) is not verified through Google until the copy expires; one Google still \
            holds that the site dropped stays verified there until then.
            """,
        reference: AndroidDocs.digitalAssetLinksAPI)

    static let otherKey = "AA:" + String(repeating: "BB:", count: 30) + "CC"

    public static let examples = Examples<AndroidProbe>(
        passing: [.passing(ExampleAndroidProbe.probe())],
        failing: [
            .failing(
                ExampleAndroidProbe.probe(
                    google: ExampleAndroidProbe.google(
                        body: ExampleAndroidProbe.googleBody.replacingOccurrences(
                            of: ExampleAndroidProbe.fingerprint, with: otherKey))),
                at: [ExampleAndroidProbe.googleURL])
        ])

    public static func run(_ probe: AndroidProbe, into findings: inout FindingSink) {
        guard let file = probe.file, let google = probe.google, let answer = probe.googleAnswer,
            (answer.errorCode ?? []).isEmpty
        else { return }
        let site = AppLinkGrant.of(file.read(by: .google, resolve: probe.resolve))
        var cached = Set<AppLinkGrant>()
        for statement in answer.statements ?? [] where statement.relation == AndroidProbe.relation {
            guard let app = statement.target?.androidApp, let package = app.packageName,
                let fingerprint = app.certificate?.sha256Fingerprint
            else { continue }
            cached.insert(AppLinkGrant(package: package, fingerprint: fingerprint))
        }
        let missing = site.subtracting(cached).sorted()
        let stale = cached.subtracting(site).sorted()
        guard !missing.isEmpty || !stale.isEmpty else { return }
        var parts: [String] = []
        if !missing.isEmpty {
            parts.append("lacks \(missing.map(\.description).joined(separator: ", ")), which the site lists")
        }
        if !stale.isEmpty {
            parts.append(
                "still holds \(stale.map(\.description).joined(separator: ", ")), which the site no longer lists")
        }
        findings.add(
            description, at: google,
            "Google's Digital Asset Links API \(parts.joined(separator: " and "))"
                + (answer.maxAge.map { " (its copy is kept for \($0))" } ?? "") + ".",
            why: "Until Google fetches the file again, verifiers and tools that ask Google see its old copy.",
            fix: "Wait for Google's copy to expire (maxAge), then audit again; nothing to change on the site.")
    }
}
