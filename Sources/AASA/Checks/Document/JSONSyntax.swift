/// The file must be strict JSON (RFC 8259): Apple's parser accepts nothing else.
public enum JSONSyntax: Check {
    public static let description = CheckDescription(
        id: "json-syntax", area: .document, severity: .error,
        summary: "The file is valid JSON (RFC 8259)",
        rationale: """
            swcd parses the file with a strict JSON parser; a trailing comma, a comment, a single or curly quote, \
            or a truncated file makes the whole file unusable and no link opens the app.
            """,
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<DecodedFile>(
        passing: [.passing(#"{"applinks": {"details": []}}"#)],
        failing: [
            .failing(#"{"applinks": {"details": [],}}"#, at: ["1:28"]),
            .failing("{\n  // comment\n}", at: ["2:3"]),
            .failing(#"{'applinks': {}}"#, at: ["1:2"]),
            .failing("{\"applinks\": {\"details\": [", at: ["1:27"]),
            .failing("<!DOCTYPE html><html></html>", at: ["1:1"]),
            .failing("{\u{201C}applinks\u{201D}: {}}", at: ["1:2"]),
            .failing("{\"applinks\": {\"details\": [{\"appID\": \"ABCDE\n\"}]}}", at: ["1:43"]),
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let error = file.syntaxError else { return }
        // Strict parsers (jq, JSON.parse, swcd's) stop at the first error and so does this one: a guessed recovery
        // would report errors that are not there. When text follows, say that later errors are not reported.
        let isWhitespace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let more = file.jsonBytes.dropFirst(error.position.offset + 1).contains { !isWhitespace($0) }
        findings.add(
            description, error,
            why:
                "Devices (iOS 9 and later) reject a file that is not strict JSON, so no link on this domain opens the app.",
            fix: "Fix the JSON at the position shown; validate with `aasa-audit check FILE` before deploying."
                + (more
                    ? " Later syntax errors, if any, are not reported: like jq and JSON.parse, the parser stops at the "
                        + "first, so run check again after this fix." : ""))
    }
}
