/// Each relation must be `kind/detail`, each part `[a-z0-9_.]+`.
public enum AndroidRelationFormat: Check {
    public static let description = CheckDescription(
        id: "android-relation-format", area: .android, severity: .error,
        summary: "Every relation is kind/detail in [a-z0-9_.]+",
        rationale: """
            AOSP's Relation.create throws on a relation that is not kind/detail with each part [a-z0-9_.]+, which \
            fails the whole host (FAILURE_UNKNOWN) for every app; Google's DAL skips the statement (compatibility \
            tests 2107-2125: no wildcard, no upper case, no spaces).
            """,
        reference: AndroidDocs.dalCompatibilityTests)

    public static let examples = Examples<AssetLinksFile>.validPassing(
        .failing(
            app: AndroidExample.app(relation: #"["delegate_permission/common.handle_all_urls "]"#), at: "/0/relation/0"),
        .failing(app: AndroidExample.app(relation: #"["delegate_permission/*"]"#), at: "/0/relation/0"),
        .failing(app: AndroidExample.app(relation: #"[{}]"#), at: "/0/relation/0"))

    public static func run(_ file: AssetLinksFile, into findings: inout FindingSink) {
        for statement in file.statements {
            guard statement.node["include"] == nil, let relations = statement.node["relation"]?.elements else {
                continue
            }
            for item in relations {
                let problem: String
                if let text = item.string {
                    guard let p = RelationString.problem(text) else { continue }
                    problem = "relation \(JSONNode.quote(text)) is malformed: \(p)"
                } else if case .object = item.value {
                    problem = "a relation is an object, not a string"
                } else if case .array = item.value {
                    problem = "a relation is an array, not a string"
                } else {
                    continue  // numbers, null and booleans are android-host-failure's
                }
                let suggestion = item.string.flatMap(suggest)
                findings.add(
                    description, at: item, "AOSP fails the whole host; DAL skips this statement: \(problem).",
                    why: "The statement grants nothing on either verifier, and on AOSP's (no Google Play services) no "
                        + "app is verified on this host at all.",
                    fix: suggestion.map { "Write \(JSONNode.quote($0))." }
                        ?? "Write the relation as kind/detail in lower case, e.g. \"\(AssetLinks.handleAllURLs)\".")
            }
        }
    }

    /// The relation meant, when it is a known one written with spaces or capitals.
    static func suggest(_ text: String) -> String? {
        let cleaned = text.filter { !$0.isWhitespace }.lowercased()
        return RelationString.problem(cleaned) == nil && cleaned != text ? cleaned : nil
    }
}
