import Foundation

/// iOS 14+ reads only /.well-known/.
public enum RootOnly: Check {
    public static let description = CheckDescription(
        id: "root-only", area: .transport, severity: .error,
        summary: "The file is not served only at the root location",
        rationale:
            "iOS 9 also tried /apple-app-site-association; current documentation and Apple's CDN (iOS 14+) use only /.well-known/.",
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<DomainProbe>.failing(
        [ExampleProbe.healthy(wellKnown: ExampleProbe.exchange(status: 404))],
        alsoPassing: [ExampleProbe.healthy(root: ExampleProbe.exchange(.root, status: 404))])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        guard let e = probe.wellKnown, !probe.wellKnownServes, e.failure == nil, probe.rootServes else {
            return
        }
        findings.add(
            description, at: e,
            "The file is served only at /apple-app-site-association; /.well-known/ answers HTTP \(e.httpStatus.map(String.init) ?? "?").",
            why: "iOS 14 and later (through Apple's CDN) read only /.well-known/, so links do not open the app there.",
            fix: "Serve the same file at /.well-known/apple-app-site-association.")
    }
}
