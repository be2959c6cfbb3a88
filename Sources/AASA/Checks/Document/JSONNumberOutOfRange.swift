/// Every number must fit a Double: a device's JSON parser rejects the whole file otherwise.
public enum JSONNumberOutOfRange: Check {
    public static let description = CheckDescription(
        id: "json-number-out-of-range", area: .document, severity: .error,
        summary: "Every number fits the device's JSON parser",
        rationale: """
            RFC 8259 lets a parser limit the range of numbers. NSJSONSerialization refuses the whole file ("Number \
            1e400 is not representable") when a number overflows a 64-bit floating point value: `1e400`, `-1e400`, \
            a 400-digit integer, `1.7976931348623159e308`. Numbers too small for it underflow to 0 and are accepted.
            """,
        reference: "https://www.rfc-editor.org/rfc/rfc8259#section-6")

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(
                #"{"applinks": {"details": []}, "comment": [1e308, 1.7976931348623157e308, -1e-400, 12345678901234567890123]}"#
            )
        ],
        failing: [
            .failing(#"{"applinks": {"details": []}, "comment": [1e400, -1e400]}"#, at: ["/comment/0", "/comment/1"]),
            .failing(#"{"applinks": {"details": []}, "comment": 1.7976931348623159e308}"#, at: ["/comment"]),
            .failing(
                #"{"applinks": {"details": []}, "comment": {"n": "# + String(repeating: "9", count: 400) + "}}",
                at: ["/comment/n"]),
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let root = file.root else { return }
        visit(root) { node, text in
            let shown = text.count > 40 ? "\(text.prefix(20))…\(text.suffix(8)) (\(text.count) characters)" : text
            findings.add(
                description, at: node,
                "The number \(shown) is beyond the range a device's JSON parser can hold (about ±1.8e308).",
                why:
                    "NSJSONSerialization rejects the whole file for one such number, so no link on this domain opens the app.",
                fix: "Write the value as a string, or remove it: no AASA key takes a number.")
        }
    }

    /// Every number in the tree a device cannot represent, depth first (nesting is bounded by the parser).
    static func visit(_ node: JSONNode, _ report: (JSONNode, String) -> Void) {
        switch node.value {
        case .number(let text):
            if !JSONParser.isRepresentable(number: text) { report(node, text) }
        case .object(let members):
            for member in members { visit(member.value, report) }
        case .array(let items):
            for item in items { visit(item, report) }
        default:
            break
        }
    }
}
