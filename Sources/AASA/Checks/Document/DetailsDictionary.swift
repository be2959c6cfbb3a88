/// `applinks.details` should be an array, not the iOS 9 dictionary keyed by app ID.
public enum DetailsDictionary: Check {
    public static let description = CheckDescription(
        id: "details-dictionary", area: .document, severity: .warning,
        summary: "applinks.details is an array",
        rationale: """
            The earliest format keyed `details` by app ID. swcd still reads it, but Apple documents only the array \
            form, and `appIDs`, `components` and `defaults` are specified for array entries.
            """,
        reference: AppleDocs.details)

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/*"}]}]}}"#)
        ],
        failing: [
            .failing(
                #"{"applinks": {"details": {"9JA89QQLNQ.com.acme.shop": {"paths": ["/*"]}}}}"#,
                at: ["/applinks/details"])
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document, document.detailsForm == .dictionary,
            let details = document.applinks?["details"]
        else { return }
        findings.add(
            description, at: details, "applinks.details is a dictionary keyed by app ID (the 2015 format).",
            why:
                "Apple documents only the array form since iOS 9's final release; undocumented forms can stop working in any update.",
            fix: #"Rewrite as "details": [{"appIDs": ["TEAMID.bundle"], "components": [ … ]}]."#)
    }
}
