/// Substitution variables must be well-formed lists of strings.
public enum VariableDefinition: Check {
    public static let description = CheckDescription(
        id: "variable-definition", area: .rules, severity: .error,
        summary: "Substitution variables are named lists of strings",
        rationale: """
            Each variable maps a name (no `$`, `(` or `)`) to an array of strings; values may use `?` and `*` but \
            not other variables. swcd accepts a lone string as a one-item list and ignores values containing `$(`; \
            an empty list never matches, and a custom `lang` or `region` hides the built-in one.
            """,
        reference: AppleDocs.substitutionVariables,
        severityChanges: [
            SeverityChange(
                .warning,
                when:
                    "a custom variable hides a built-in one, is a lone string (swcd reads it as a one-item list) or has no values"
            )
        ])

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(
                #"{"applinks": {"substitutionVariables": {"food": ["pizza", "sushi"]}, "details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/$(food)"}]}]}}"#
            )
        ],
        failing: [
            .failing(
                #"{"applinks": {"substitutionVariables": {"f(x)": ["a"], "food": "pizza", "menu": [], "dish": ["$(food)", 3], "lang": ["en"]}, "details": []}}"#,
                at: [
                    "/applinks/substitutionVariables/f(x)", "/applinks/substitutionVariables/food",
                    "/applinks/substitutionVariables/menu", "/applinks/substitutionVariables/dish/0",
                    "/applinks/substitutionVariables/dish/1", "/applinks/substitutionVariables/lang",
                ])
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let variables = file.document?.applinks?["substitutionVariables"]?.members else { return }
        let why = "Substitution variables exist from iOS 13.5; "
        for member in variables {
            let name = member.key
            if name.contains(where: { "$()".contains($0) }) {
                findings.add(
                    description, at: member.value, "The variable name \"\(name)\" contains '$', '(' or ')'.",
                    why: why + "a pattern can never refer to this name.", fix: "Rename it using letters, digits or '_'."
                )
                continue
            }
            if BuiltinVariables.names.contains(name) {
                findings.add(
                    description, at: member.value, severity: .warning,
                    "The custom variable \"\(name)\" hides the built-in $(\(name)).",
                    why: why + "custom variables are looked up first, so every $(\(name)) in the file uses this list.",
                    fix: "Give it another name unless replacing the built-in list is intended.")
            }
            if member.value.string != nil {
                findings.add(
                    description, at: member.value, severity: .warning,
                    "The variable \"\(name)\" is a string; Apple documents an array of strings.",
                    why: why + "swcd reads a lone string as a one-item list today, but that is undocumented.",
                    fix: "Write \"\(name)\": [\(member.value.jsonText)].")
                continue
            }
            guard let items = member.value.elements else {
                if member.value.members != nil || member.value.string == nil {
                    findings.add(
                        description, at: member.value,
                        "The variable \"\(name)\" is \(member.value.typeName), not an array of strings.",
                        why: why + "the variable is ignored and every pattern using it never matches.",
                        fix: "Write \"\(name)\": [\"value1\", \"value2\"].")
                }
                continue
            }
            if items.isEmpty {
                findings.add(
                    description, at: member.value, severity: .warning, "The variable \"\(name)\" has no values.",
                    why: why + "a pattern using it can never match.", fix: "List the values it should match.")
            }
            for item in items {
                if let s = item.string {
                    if s.contains("$(") {
                        findings.add(
                            description, at: item, "The value \(item.jsonText) of \"\(name)\" uses another variable.",
                            why: why + "values may not contain variables; swcd ignores this value.",
                            fix: "Spell out the values instead of nesting variables.")
                    }
                } else {
                    findings.add(
                        description, at: item, "The value of \"\(name)\" is \(item.typeName), not a string.",
                        why: why + "the value is ignored.", fix: "Quote it: \(JSONNode.quote(item.jsonText)).")
                }
            }
        }
    }
}
