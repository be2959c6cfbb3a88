/// Every documented key must hold the JSON type Apple specifies.
public enum WrongType: Check {
    public static let description = CheckDescription(
        id: "wrong-type", area: .document, severity: .error,
        summary: "Every key holds the type Apple documents",
        rationale: """
            swcd skips values of the wrong type: `"appIDs": "X.y"` (a string, not an array) lists no app, \
            `"exclude": "true"` (a string) counts as false, `"components": {}` makes the entry fall back to `paths`.
            """,
        reference: AppleDocs.details)

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/a", "exclude": true, "caseSensitive": false}]}]}}"#
            )
        ],
        failing: [
            .failing(
                #"{"applinks": {"details": [{"appIDs": "9JA89QQLNQ.com.acme.shop", "components": [{"/": "/a", "exclude": "true"}]}]}}"#,
                at: ["/applinks/details/0/appIDs", "/applinks/details/0/components/0/exclude"]),
            .failing(
                #"{"applinks": [], "webcredentials": {"apps": "9JA89QQLNQ.com.acme.shop"}}"#,
                at: ["/applinks", "/webcredentials/apps"]),
        ])

    enum Kind {
        case object, array, string, bool, arrayOfStrings

        var words: String {
            switch self {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .bool: "true or false"
            case .arrayOfStrings: "an array of strings"
            }
        }

        func accepts(_ node: JSONNode) -> Bool {
            switch (self, node.value) {
            case (.object, .object), (.array, .array), (.string, .string), (.bool, .bool): true
            case (.arrayOfStrings, .array(let items)): items.allSatisfy { $0.string != nil }
            default: false
            }
        }
    }

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document else { return }
        func expect(_ node: JSONNode?, _ kind: Kind, _ name: String, effect: String) {
            guard let node, !kind.accepts(node) else { return }
            var bad = node
            if kind == .arrayOfStrings, let items = node.elements, let item = items.first(where: { $0.string == nil }) {
                bad = item
            }
            let shown = bad.pointer == node.pointer ? "\(node.typeName)" : "an array containing \(bad.typeName)"
            findings.add(
                description, at: bad, "\(name) must be \(kind.words), not \(shown).",
                why: "Devices skip a value of the wrong type on every iOS version: \(effect).",
                fix: "Write \(name) as \(kind.words)"
                    + (kind == .bool
                        ? " (no quotes)." : kind == .arrayOfStrings ? #", e.g. ["9JA89QQLNQ.com.acme.shop"]."# : "."))
        }
        for service in AppleService.all {
            expect(document.root[service], .object, "\"\(service)\"", effect: "the service is not configured")
        }
        for service in AppleService.withAppList {
            expect(
                document.root[service]?["apps"], .arrayOfStrings, "\(service).apps", effect: "no app gets the service")
        }
        guard let applinks = document.applinks else { return }
        if document.detailsForm == .invalid {
            expect(applinks["details"], .array, "applinks.details", effect: "no app receives links")
        }
        expect(applinks["apps"], .array, "applinks.apps", effect: "the legacy key is ignored")
        expect(applinks["defaults"], .object, "applinks.defaults", effect: "the defaults do not apply")
        expect(
            applinks["substitutionVariables"], .object, "applinks.substitutionVariables",
            effect: "no variable is defined")
        if document.detailsForm == .array {
            for item in applinks["details"]?.elements ?? [] where item.members == nil {
                expect(item, .object, "A details entry", effect: "the entry is ignored")
            }
        }
        for entry in document.entries {
            expect(entry.node["appID"], .string, "appID", effect: "the entry lists no app")
            expect(entry.node["appIDs"], .arrayOfStrings, "appIDs", effect: "those entries list no app")
            expect(
                entry.node["components"], .array, "components", effect: "the entry falls back to paths or has no rules")
            expect(entry.node["paths"], .array, "paths", effect: "the entry has no legacy rules")
            expect(entry.node["defaults"], .object, "details defaults", effect: "the defaults do not apply")
            if entry.ruleFormat == .components {
                for rule in entry.rules where rule.members == nil {
                    expect(rule, .object, "A component", effect: "the rule never matches")
                }
            }
        }
        for object in Walk.componentLikes(document) {
            for key in ["exclude", "caseSensitive", "percentEncoded"] {
                expect(object[key], .bool, "\"\(key)\"", effect: "anything but true counts as false")
            }
        }
    }
}
