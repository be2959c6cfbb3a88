import Foundation

/// Both locations should say the same thing.
public enum LocationsDiffer: Check {
    public static let description = CheckDescription(
        id: "locations-differ", area: .transport, severity: .warning,
        summary: "Both locations serve the same rules",
        rationale:
            "When the root and /.well-known/ files differ, devices of different ages follow different rules; usually one copy is stale.",
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<DomainProbe>.failing(
        [rootServing(ExampleProbe.body.replacingOccurrences(of: "/shop/*", with: "/old/*"))], at: ExampleProbe.rootURL,
        alsoPassing: [rootServing(ExampleProbe.body.replacingOccurrences(of: ", ", with: ",\n  "))])

    /// A healthy domain whose root location serves this body.
    static func rootServing(_ body: String) -> DomainProbe {
        ExampleProbe.healthy(root: ExampleProbe.exchange(.root, body: body))
    }

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard probe.wellKnownServes, probe.rootServes, let b = probe.root, let x = probe.wellKnownFile?.root,
            let y = probe.rootFile?.root, Canonical.text(x) != Canonical.text(y)
        else { return }
        findings.add(
            description, at: b, "The root file's rules differ from the /.well-known/ file's.",
            why: "Devices that still read the root location (iOS 9–13 direct fetches) follow other rules than iOS 14+.",
            fix: "Serve one file from both paths, or remove the root copy.")
    }
}
