/// An app should be listed once per service; only its first applinks entry counts.
public enum AppIDDuplicate: Check {
    public static let description = CheckDescription(
        id: "app-id-duplicate", area: .apps, severity: .warning,
        summary: "Each app is listed once per service",
        rationale: """
            swcd keeps one entry per app, service and domain: for applinks the first details entry listing the app \
            wins and the rules of later entries for that app are never used (observed with swcutil).
            """,
        reference: AppleDocs.details)

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "paths": ["/a"]}, {"appIDs": ["9JA89QQLNQ.com.acme.beta"], "paths": ["/b"]}]}}"#
            )
        ],
        failing: [
            .failing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "paths": ["/a"]}, {"appID": "9JA89QQLNQ.com.acme.shop", "paths": ["/b"]}]}}"#,
                at: ["/applinks/details/1/appID"]),
            .failing(
                #"{"webcredentials": {"apps": ["9JA89QQLNQ.com.acme.shop", "9JA89QQLNQ.com.acme.shop"]}}"#,
                at: ["/webcredentials/apps/1"]),
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document else { return }
        var first: [String: (entry: Int, node: JSONNode)] = [:]
        for entry in document.entries {
            for (id, node) in entry.appIDs {
                guard let earlier = first[id] else {
                    first[id] = (entry.detailsIndex, node)
                    continue
                }
                let sameEntry = earlier.entry == entry.detailsIndex
                findings.add(
                    description, at: node,
                    sameEntry
                        ? "\"\(id)\" is listed twice in the same entry."
                        : "\"\(id)\" is already listed by details[\(earlier.entry)] (line \(earlier.node.position.line)); this entry's rules never apply to it.",
                    why: sameEntry
                        ? "Harmless on every iOS version, but it hides which IDs the entry really lists."
                        : "Devices use only the first entry that lists an app (iOS 9+), so these rules are dead for it.",
                    fix: sameEntry
                        ? "Remove the repeat."
                        : "Merge the rules into the first entry and remove the app from this one.")
            }
        }
        for service in AppleService.withAppList {
            var seen = Set<String>()
            for node in document.root[service]?["apps"]?.elements ?? [] {
                guard let id = node.string, !seen.insert(id).inserted else { continue }
                findings.add(
                    description, at: node, "\"\(id)\" is listed twice in \(service).apps.",
                    why:
                        "Harmless on every iOS version, but it usually hides a copy-and-paste slip (a second app meant here?).",
                    fix: "Remove the repeat.")
            }
        }
    }
}
