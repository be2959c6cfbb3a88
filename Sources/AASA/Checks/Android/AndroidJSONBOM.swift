/// The statement list should not start with a byte order mark.
public enum AndroidJSONBOM: Check {
    public static let description = CheckDescription(
        id: "android-json-bom", area: .android, severity: .warning,
        summary: "assetlinks.json has no byte order mark",
        rationale: """
            AOSP's verifier reads the body with android.util.JsonReader, which does not skip a byte order mark: \
            beginArray throws and the whole host fails (FAILURE_UNKNOWN) for every app. RFC 8259 lets a parser \
            ignore one; Google does not document whether DAL does.
            """,
        reference: AndroidDocs.aospStatementParser)

    public static let examples = Examples<AssetLinksFile>.validPassing(
        .failing(bytes: [0xEF, 0xBB, 0xBF] + Array(AndroidExample.valid.utf8), at: ["1:1"]))

    public static func run(_ file: AssetLinksFile, into findings: inout FindingSink) {
        guard file.hasByteOrderMark else { return }
        findings.add(
            description, at: SourcePosition(line: 1, column: 1, offset: 0), pointer: nil,
            "The file starts with a UTF-8 byte order mark (EF BB BF): AOSP fails the whole host; whether Google's "
                + "DAL accepts it is not documented.",
            why: "On devices whose verifier is AOSP's (no Google Play services), no app is verified on this host.",
            fix: "Save the file as UTF-8 without BOM (\"UTF-8\", not \"UTF-8 with BOM\").")
    }
}
