/// `paths` is ignored on iOS 13+ when the same entry has `components`.
public enum PathsIgnored: Check {
    public static let description = CheckDescription(
        id: "paths-ignored", area: .rules, severity: .warning,
        summary: "An entry does not mix components and paths",
        rationale: """
            When an entry has `components`, iOS 13 and later ignore its `paths`; iOS 12 and earlier read only \
            `paths`. TN3155 says to avoid mixing formats: the two lists drift apart and devices disagree.
            """,
        reference: AppleDocs.tn3155)

    public static let examples = Examples<DecodedFile>(
        passing: [.passing(ExampleEntry.components)],
        failing: [
            .failing(
                ExampleEntry.file(#""components": [{"/": "/a/*"}], "paths": ["/b/*"]"#),
                at: ["/applinks/details/0/paths"])
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        for paths in Walk.pathsMembers(file, readAs: .components) {
            findings.add(
                description, at: paths,
                "\"paths\" is ignored on iOS 13 and later because this entry has \"components\".",
                why:
                    "iOS 13+ devices use only the components, iOS 12 and earlier only the paths; links behave differently by OS version.",
                fix: "Drop \"paths\" if you no longer support iOS 12; otherwise keep both lists saying the same thing.")
        }
    }
}
