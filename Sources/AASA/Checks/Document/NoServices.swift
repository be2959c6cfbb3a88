/// The file must configure at least one service Apple knows.
public enum NoServices: Check {
    public static let description = CheckDescription(
        id: "no-services", area: .document, severity: .error,
        summary: "The file configures at least one service",
        rationale: """
            Only the top-level keys `applinks`, `webcredentials`, `appclips` and `activitycontinuation` mean anything \
            to an app; a file without any of them (often a misspelled `applink` or `appLinks`) associates no app.
            """,
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(#"{"applinks": {"details": []}}"#),
            .passing(#"{"webcredentials": {"apps": ["9JA89QQLNQ.com.acme.shop"]}}"#),
        ],
        failing: [.failing(#"{"appLinks": {"details": []}}"#, at: [""]), .failing("{}", at: [""])])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document else { return }
        let keys = document.root.members?.map(\.key) ?? []
        guard !keys.contains(where: { AppleService.all.contains($0) || KnownKeys.otherServices.contains($0) }) else {
            return
        }
        let hint = keys.compactMap { suggestion(for: $0, among: AppleService.all).map { "\"\($0)\"" } }.first
        findings.add(
            description, at: document.root,
            keys.isEmpty
                ? "The file is an empty object: it configures no service."
                : "None of the top-level keys (\(keys.map { "\"\($0)\"" }.joined(separator: ", "))) is a service Apple knows.",
            why: "Without `applinks` no URL opens an app (iOS 9+); without `webcredentials` no password autofill.",
            fix: hint.map { "Did you mean \($0)? Service keys are case-sensitive." }
                ?? #"Add an "applinks" object with a "details" array."#)
    }
}
