/// The statement list must be strict JSON: both verifiers use strict parsers.
public enum AndroidJSONSyntax: Check {
    public static let description = CheckDescription(
        id: "android-json-syntax", area: .android, severity: .error,
        summary: "assetlinks.json is valid JSON (RFC 8259)",
        rationale: """
            AOSP reads the list with android.util.JsonReader in strict mode and Google's DAL rejects lenient JSON \
            (compatibility tests 2006-2008, "a security requirement"): a trailing comma or a comment leaves no \
            statement, so no app is verified on this host.
            """,
        reference: AndroidDocs.dalCompatibilityTests)

    public static let examples = Examples<AssetLinksFile>.validPassing(
        .failing(#"[{"relation": ["delegate_permission/common.handle_all_urls"], }]"#, at: ["1:61"]),
        .failing("[{", at: ["1:3"]))

    public static func run(_ file: AssetLinksFile, into findings: inout FindingSink) {
        findings.add(
            description, file.syntaxError,
            why: "Both verifiers (AOSP and Google's DAL) reject a file that is not strict JSON, so no app is "
                + "verified on this host.",
            fix: "Fix the JSON at the position shown; validate with `aasa-audit check --android FILE` before deploying."
        )
    }
}
