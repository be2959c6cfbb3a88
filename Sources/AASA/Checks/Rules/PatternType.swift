/// Patterns must be strings (`?` may also be a dictionary).
public enum PatternType: Check {
    public static let description = CheckDescription(
        id: "pattern-type", area: .rules, severity: .error,
        summary: "Every pattern is a string",
        rationale: """
            `/` and `#` take a pattern string, `?` a string or a dictionary of query items, and every `paths` item \
            is a string. A number, boolean, array or null is not a pattern, and the rule cannot match as written.
            """,
        reference: AppleDocs.components)

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(
                ##"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/a", "?": {"id": "?*"}, "#": "top"}]}]}}"##
            )
        ],
        failing: [
            .failing(
                ##"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": ["/a", "/b"], "#": 1, "?": true}]}]}}"##,
                at: [
                    "/applinks/details/0/components/0/~1", "/applinks/details/0/components/0/#",
                    "/applinks/details/0/components/0/?",
                ]),
            .failing(
                #"{"applinks": {"details": [{"appID": "9JA89QQLNQ.com.acme.shop", "paths": ["/a", 42]}]}}"#,
                at: ["/applinks/details/0/paths/1"]),
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document else { return }
        let why = "The rule cannot match as written on any iOS version."
        for object in Walk.componentLikes(document) {
            for key in ["/", "#", "?"] {
                guard let value = object[key], value.string == nil else { continue }
                if key == "?", value.members != nil { continue }
                findings.add(
                    description, at: value,
                    "\"\(key)\" must be a pattern string\(key == "?" ? " or a dictionary of query items" : ""), not \(value.typeName).",
                    why: why,
                    fix: value.elements != nil
                        ? "Write one component per pattern instead of an array."
                        : "Quote the pattern: \"\(key)\": \"…\".")
            }
        }
        for entry in document.entries where entry.ruleFormat == .paths {
            for node in entry.rules where node.string == nil {
                findings.add(
                    description, at: node, "A \"paths\" item must be a string, not \(node.typeName).", why: why,
                    fix: "Write the path pattern as a string, e.g. \"/products/*\".")
            }
        }
    }
}
