/// Every key must be one Apple documents at its level; a typo is silently ignored by devices.
public enum UnknownKey: Check {
    public static let description = CheckDescription(
        id: "unknown-key", area: .document, severity: .warning,
        summary: "Every key is one Apple documents at its level",
        rationale: """
            Devices ignore keys they do not know, so a misspelled `exclued`, `appIds` or `casesensitive` silently \
            changes what the file means (observed with swcutil). Query-dictionary keys and variable names are free.
            """,
        reference: AppleDocs.components)

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/a/*", "exclude": true, "comment": "x", "?": {"anyName": "*"}}]}]}}"#
            )
        ],
        failing: [
            .failing(
                #"{"applinks": {"details": [{"appIds": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/a/*", "exclued": true}]}]}}"#,
                at: ["/applinks/details/0/appIds", "/applinks/details/0/components/0/exclued"]),
            .failing(#"{"applinks": {"details": []}, "applink": {}}"#, at: ["/applink"]),
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document else { return }
        func check(_ object: JSONNode?, known: [String], quiet: [String] = [], level: String) {
            for member in object?.members ?? [] where !known.contains(member.key) && !quiet.contains(member.key) {
                // A misspelt "/", "?" or "#" is named even when no spelling is close: "path" means "/".
                let guess =
                    (known.contains("/") ? PatternKeys.intended(member.key) : nil)
                    ?? suggestion(for: member.key, among: known)
                findings.add(
                    description, at: member.keyPosition, pointer: member.value.pointer,
                    "Unknown key \"\(member.key)\" in \(level)" + (guess.map { "; did you mean \"\($0)\"?" } ?? "."),
                    why:
                        "Devices ignore unknown keys on every iOS version, so whatever this key was meant to do does not happen.",
                    fix: guess.map { "Rename it to \"\($0)\" (keys are case-sensitive)." }
                        ?? "Remove it, or use a \"comment\" key inside a component for notes.")
            }
        }
        check(document.root, known: AppleService.all, quiet: KnownKeys.otherServices, level: "the top level")
        check(document.applinks, known: KnownKeys.applinks, level: "applinks")
        check(
            document.domainDefaults, known: KnownKeys.component, quiet: KnownKeys.componentUndocumented,
            level: "applinks.defaults")
        for entry in document.entries {
            if document.detailsForm == .array {
                check(
                    entry.node, known: KnownKeys.details, quiet: KnownKeys.detailsUndocumented, level: "a details entry"
                )
            } else {
                check(entry.node, known: ["paths", "components", "defaults"], level: "a details entry")
            }
            check(
                entry.defaults, known: KnownKeys.component, quiet: KnownKeys.componentUndocumented,
                level: "details defaults")
            if entry.ruleFormat == .components {
                for rule in entry.rules {
                    check(
                        rule, known: KnownKeys.component, quiet: KnownKeys.componentUndocumented, level: "a component")
                }
            }
        }
        for service in AppleService.withAppList {
            check(document.root[service], known: KnownKeys.appsService, level: service)
        }
    }
}
