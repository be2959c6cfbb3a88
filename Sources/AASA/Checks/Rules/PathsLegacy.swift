/// `paths` is the iOS 9–12 format; `components` can say more.
public enum PathsLegacy: Check {
    public static let description = CheckDescription(
        id: "paths-legacy", area: .rules, severity: .info,
        summary: "Entries use components rather than legacy paths",
        rationale: """
            `paths` still works, but it matches the URL path only; `components` (iOS 13+) can also match the query \
            and fragment, take `exclude`, `caseSensitive`, `percentEncoded` and substitution variables.
            """,
        reference: AppleDocs.components)

    public static let examples = Examples<DecodedFile>(
        passing: [.passing(ExampleEntry.components)],
        failing: [
            .failing(
                #"{"applinks": {"details": [{"appID": "9JA89QQLNQ.com.acme.shop", "paths": ["/a/*"]}]}}"#,
                at: ["/applinks/details/0/paths"])
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        for paths in Walk.pathsMembers(file, readAs: .paths) {
            findings.add(
                description, at: paths, "This entry uses the legacy \"paths\" format.",
                why:
                    "It works on every iOS version, but cannot match queries or fragments or ignore case (iOS 13+ features).",
                fix:
                    #"Move to "components": "/a/*" becomes {"/": "/a/*"}, "NOT /b" becomes {"/": "/b", "exclude": true}."#
            )
        }
    }
}
