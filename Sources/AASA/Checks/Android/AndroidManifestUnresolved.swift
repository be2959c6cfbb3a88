/// A manifest value Gradle fills in (`${applinksHost}`, `@string/host`) says nothing about what the device sees.
public enum AndroidManifestUnresolved: Check {
    public static let description = CheckDescription(
        id: "android-manifest-unresolved", area: .android, severity: .warning,
        summary: "The manifest's App Link values are written out, not placeholders or resource references",
        rationale: """
            A source AndroidManifest.xml may hold `${placeholder}` values (manifestPlaceholders in Gradle) and \
            `@string/…` references that only the manifest merger and aapt2 resolve. The device sees the merged \
            values; read as written, such a host or path names nothing, so the audit cannot say which hosts the \
            app verifies or which URLs it opens. The merged manifest \
            (build/intermediates/merged_manifests/<variant>/AndroidManifest.xml) has the real values.
            """,
        reference: AndroidDocs.verifyAppLinks)

    public static let examples = Examples<AndroidManifest>.verifiedPassing(
        failing: .failing(
            ExampleManifest.oneFilter(data: ExampleManifest.https("${applinksHost}", line: 7)), at: ["8:0"]),
        .failing(
            ExampleManifest.oneFilter(data: [
                ExampleManifest.data(["scheme": "https", "host": "@string/host"], line: 7),
                ExampleManifest.data(["pathPrefix": "${prefix}"], line: 8),
            ]), at: ["7:0", "8:0"]))

    public static func run(_ manifest: AndroidManifest, into findings: inout FindingSink) {
        for problem in manifest.problems where problem.kind == .unresolved {
            findings.add(
                description, file: manifest.file, line: problem.line, problem.message,
                why: "The device sees the merged value; this file cannot say which hosts the app verifies or which "
                    + "URLs it opens.", fix: problem.fix)
        }
    }
}
