/// The statement list should be UTF-8.
public enum AndroidJSONEncoding: Check {
    public static let description = CheckDescription(
        id: "android-json-encoding", area: .android, severity: .warning,
        summary: "assetlinks.json is UTF-8",
        rationale: """
            JSON exchanged between systems must be UTF-8 (RFC 8259 §8.1). AOSP decodes the body as UTF-8 and puts \
            U+FFFD in place of each invalid byte, so a string holding one (a package name, a fingerprint) never \
            matches; Google does not document what DAL does with such bytes.
            """,
        reference: "https://www.rfc-editor.org/rfc/rfc8259#section-8.1")

    public static let examples = Examples<AssetLinksFile>.validPassing(
        .failing(bytes: Array(#"[{"comment": "caf"#.utf8) + [0xE9] + Array(#""}]"#.utf8), at: ["1:18"]))

    public static func run(_ file: AssetLinksFile, into findings: inout FindingSink) {
        findings.add(
            description, file.encodingProblem,
            why: "AOSP's verifier replaces the byte with U+FFFD, so a package name or fingerprint holding it never "
                + "matches; Google's handling is not documented.",
            fix: "Re-save the file as UTF-8 (without BOM) and redeploy it.")
    }
}
