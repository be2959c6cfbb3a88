/// The file must be UTF-8.
public enum JSONEncoding: Check {
    public static let description = CheckDescription(
        id: "json-encoding", area: .document, severity: .error,
        summary: "The file is UTF-8",
        rationale: """
            JSON exchanged between systems must be UTF-8 (RFC 8259 §8.1). A Latin-1 or UTF-16 file fails to parse, \
            which makes every rule in it unusable.
            """,
        reference: "https://www.rfc-editor.org/rfc/rfc8259#section-8.1")

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(#"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "paths": ["/café/*"]}]}}"#)
        ],
        failing: [
            .failing(
                bytes: Array(#"{"applinks": {"details": [{"paths": ["/caf"#.utf8) + [0xE9] + Array(#"/*"]}]}}"#.utf8),
                at: ["1:43"]),
            .failing(bytes: [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], at: ["1:1"]),
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        findings.add(
            description, file.encodingProblem,
            why:
                "Devices (all iOS versions) cannot parse a file that is not UTF-8, so no link on this domain opens the app.",
            fix: "Re-save the file as UTF-8 (without BOM) and redeploy it.")
    }
}
