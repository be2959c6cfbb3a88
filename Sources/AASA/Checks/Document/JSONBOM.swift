/// The file should not start with a UTF-8 byte order mark.
public enum JSONBOM: Check {
    public static let description = CheckDescription(
        id: "json-bom", area: .document, severity: .warning,
        summary: "The file has no byte order mark",
        rationale: """
            RFC 8259 §8.1 forbids a byte order mark in networked JSON and lets parsers reject it. Whether swcd \
            tolerates one is not documented, so a file that starts with one is a gamble. Windows editors add it.
            """,
        reference: "https://www.rfc-editor.org/rfc/rfc8259#section-8.1")

    public static let examples = Examples<DecodedFile>(
        passing: [.passing(#"{"applinks": {"details": []}}"#)],
        failing: [.failing(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"applinks": {"details": []}}"#.utf8), at: ["1:1"])])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard file.hasByteOrderMark else { return }
        findings.add(
            description, at: SourcePosition(line: 1, column: 1, offset: 0), pointer: nil,
            "The file starts with a UTF-8 byte order mark (EF BB BF).",
            why: "JSON must not carry a byte order mark (RFC 8259); Apple does not document that devices accept one.",
            fix: "Save the file as UTF-8 without BOM (\"UTF-8\", not \"UTF-8 with BOM\").")
    }
}
