/// No object may contain the same key twice.
public enum JSONDuplicateKey: Check {
    public static let description = CheckDescription(
        id: "json-duplicate-key", area: .document, severity: .warning,
        summary: "No object repeats a key",
        rationale: """
            RFC 8259 leaves duplicate keys undefined: Foundation's JSONSerialization keeps the last value, other \
            parsers the first or fail. Usually a merge accident: two `details` or `paths` where one was meant.
            """,
        reference: "https://www.rfc-editor.org/rfc/rfc8259#section-4")

    public static let examples = Examples<DecodedFile>(
        passing: [.passing(#"{"applinks": {"details": []}, "webcredentials": {"apps": []}}"#)],
        failing: [
            .failing(
                #"{"applinks": {"details": [{"appID": "9JA89QQLNQ.a.b", "paths": ["/a"], "paths": ["/b"]}]}}"#,
                at: ["/applinks/details/0/paths"])
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let root = file.root else { return }
        Walk.objects(root) { _, members in
            var firstSeen: [String: JSONMember] = [:]
            for member in members {
                guard let first = firstSeen[member.key] else {
                    firstSeen[member.key] = member
                    continue
                }
                findings.add(
                    description, at: member.keyPosition, pointer: member.value.pointer,
                    "The key \"\(member.key)\" appears again (first at line \(first.keyPosition.line), column \(first.keyPosition.column)).",
                    why:
                        "Which value a device uses is undefined (JSONSerialization keeps the last); the other one is silently lost.",
                    fix: "Merge the two values into one key, or delete the one you did not mean.")
            }
        }
    }
}
