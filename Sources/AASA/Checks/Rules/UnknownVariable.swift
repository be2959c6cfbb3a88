/// Every `$(name)` in a pattern must be defined.
public enum UnknownVariable: Check {
    public static let description = CheckDescription(
        id: "unknown-variable", area: .rules, severity: .error,
        summary: "Every $(variable) in a pattern is defined",
        rationale: """
            A pattern may use the built-in variables $(alpha) $(upper) $(lower) $(alnum) $(digit) $(xdigit) \
            $(region) $(lang) and those in applinks.substitutionVariables. swcd never matches a pattern naming an \
            undefined variable or missing its `)`.
            """,
        reference: AppleDocs.substitutionVariables)

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(
                #"{"applinks": {"substitutionVariables": {"food": ["pizza"]}, "details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/$(lang)_$(region)/$(food)/"}]}]}}"#
            )
        ],
        failing: [
            .failing(
                #"{"applinks": {"substitutionVariables": {"food": ["pizza"]}, "details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/$(foods)/"}, {"/": "/$(lang/"}]}]}}"#,
                at: ["/applinks/details/0/components/0/~1", "/applinks/details/0/components/1/~1"])
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document else { return }
        let known = Array(document.substitutionVariables.keys).sorted() + BuiltinVariables.names.sorted()
        for (node, text, _) in Walk.patternStrings(document) {
            var rest = Substring(text)
            while let open = rest.range(of: "$(") {
                guard let close = rest[open.upperBound...].firstIndex(of: ")") else {
                    findings.add(
                        description, at: node, "The pattern \(JSONNode.quote(text)) has '$(' without a closing ')'.",
                        why: "swcd never matches this pattern (iOS 13.5+), so the rule is dead.",
                        fix: "Close the variable: $(name).")
                    break
                }
                let name = String(rest[open.upperBound..<close])
                if !known.contains(name) {
                    let guess = suggestion(for: name, among: known)
                    findings.add(
                        description, at: node,
                        "$(\(name)) in \(JSONNode.quote(text)) is not defined"
                            + (guess.map { "; did you mean $(\($0))?" } ?? "."),
                        why:
                            "swcd never matches a pattern with an undefined variable (iOS 13.5+), so the rule is dead.",
                        fix: guess.map { "Write $(\($0))." }
                            ?? "Define it in applinks.substitutionVariables, e.g. \"\(name)\": [\"value\"].")
                }
                rest = rest[rest.index(after: close)...]
            }
        }
    }
}
