/// A `<data>` path pattern Android's parser refuses stops the app from installing.
public enum AndroidManifestPattern: Check {
    public static let description = CheckDescription(
        id: "android-manifest-pattern", area: .android, severity: .error,
        summary: "Every path pattern of a filter's data elements is one Android's PatternMatcher accepts",
        rationale: """
            `android:pathAdvancedPattern` (and the query and fragment patterns of Android 15's \
            uri-relative-filter-group elements) are parsed by AOSP's PatternMatcher when the package is parsed; an \
            unterminated set, a modifier without a token, a bad `{n,m}` range or a trailing escape throws \
            IllegalArgumentException, so the filter, and with it the install, fails. The message gives the \
            parser's own words.
            """,
        reference: "https://developer.android.com/guide/topics/manifest/data-element")

    public static let examples = Examples<AndroidManifest>.verifiedPassing(
        also: [withPatterns(["/item/[0-9]+"])],
        failing: .failing(withPatterns(["/item/[0-9", "/a**"]), at: ["9:0", "10:0"]))

    /// The verified manifest's filter with these `android:pathAdvancedPattern`s, from line 9 on.
    static func withPatterns(_ patterns: [String]) -> AndroidManifest {
        ExampleManifest.oneFilter(
            data: ExampleManifest.https("shop.example.com", line: 7)
                + patterns.enumerated().map { ExampleManifest.data(["pathAdvancedPattern": $1], line: 9 + $0) })
    }

    public static func run(_ manifest: AndroidManifest, into findings: inout FindingSink) {
        for problem in manifest.problems where problem.kind == .malformedPattern {
            findings.add(
                description, file: manifest.file, line: problem.line, problem.message,
                why: "Android refuses the manifest: the app does not install, so no link opens it.", fix: problem.fix)
        }
    }
}
