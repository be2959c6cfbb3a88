/// A component that constrains nothing, or whose path, query or fragment key is misspelt, matches far more URLs than
/// it was written for: every URL, `/account/delete` included.
public enum RuleMatchesEverything: Check {
    public static let description = CheckDescription(
        id: "rule-matches-everything", area: .rules, severity: .error,
        summary: "No component matches every URL by accident",
        rationale: """
            A component's missing `/` means `*` (Apple's default), so a component with no `/`, `?` or `#` matches \
            every URL of the domain, and a misspelt key (`"path": "/promo/*"`) is ignored by devices, leaving its part \
            of the URL unconstrained: the app then opens `/account/delete` and every other page. An intended \
            catch-all is written `{"/": "*"}`.
            """,
        reference: AppleDocs.components)

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(
                ##"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"#": "no_universal_links", "exclude": true}, {"/": "/promo/*", "comment": "x"}, {"/": "*"}]}]}}"##
            )
        ],
        failing: [
            .failing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"path": "/promo/*"}, {"comment": "all"}, {"/": "/a/*", "query": {"id": "?*"}}]}]}}"#,
                at: [
                    "/applinks/details/0/components/0/path", "/applinks/details/0/components/1",
                    "/applinks/details/0/components/2/query",
                ])
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document else { return }
        for entry in document.entries where entry.ruleFormat == .components {
            for rule in entry.rules {
                guard let members = rule.members else { continue }
                func effective(_ key: String) -> JSONNode? {
                    Matcher.effective(key, rule: rule, entry: entry, document: document)
                }
                let misspelt = members.compactMap { member in
                    PatternKeys.intended(member.key).flatMap { effective($0) == nil ? (member, $0) : nil }
                }
                let everyURL = effective("/") == nil && effective("?") == nil && effective("#") == nil
                let why =
                    !everyURL
                    ? "the rule decides for URLs it was not written for."
                    : effective("exclude")?.bool == true
                        ? "as an exclude rule it keeps every URL of the domain from opening the app, and the rules after it never decide."
                        : "the app opens for /account/delete and every other page of the domain."
                if let (member, key) = misspelt.first {
                    let scope = everyURL ? "every URL of the domain" : "any \(PatternKeys.part(key))"
                    findings.add(
                        description, at: member.keyPosition, pointer: member.value.pointer,
                        "\"\(member.key)\" is not a key devices read, so this component matches \(scope).",
                        why: "Devices ignore unknown keys on every iOS version: \(why)",
                        fix: misspelt.map { "Rename \"\($0.0.key)\" to \"\($0.1)\"" }.joined(separator: "; ") + ".")
                } else if everyURL {
                    findings.add(
                        description, at: rule,
                        "This component has no \"/\", \"?\" or \"#\", so it matches every URL of the domain.",
                        why: "A missing \"/\" means \"*\" on every iOS version: \(why)",
                        fix: #"Add the "/" pattern it is meant for, or write {"/": "*"} if every URL is intended."#)
                }
            }
        }
    }
}
