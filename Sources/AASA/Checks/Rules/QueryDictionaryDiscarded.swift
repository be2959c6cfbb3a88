/// A query dictionary with any non-string value is thrown away entirely.
public enum QueryDictionaryDiscarded: Check {
    public static let description = CheckDescription(
        id: "query-dictionary-discarded", area: .rules, severity: .error,
        summary: "Query dictionaries hold only string patterns",
        rationale: """
            When any value in a `?` dictionary is not a string (a number, boolean, null, array or object), swcd \
            discards the whole dictionary and the component matches any query (observed with swcutil). \
            `{"id": 5}` therefore opens the app for every query, not only `id=5`.
            """,
        reference: AppleDocs.query)

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/p", "?": {"id": "5"}}]}]}}"#
            )
        ],
        failing: [
            .failing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/p", "?": {"id": 5, "ref": "x"}}]}]}}"#,
                at: ["/applinks/details/0/components/0/?/id"])
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document else { return }
        for object in Walk.componentLikes(document) {
            for member in object["?"]?.members ?? [] where member.value.string == nil {
                findings.add(
                    description, at: member.value,
                    "Query item \"\(member.key)\" has \(member.value.typeName) instead of a pattern string, so the whole query dictionary is discarded.",
                    why:
                        "iOS 13+ then ignores the query entirely: the component opens the app whatever the query says.",
                    fix:
                        "Quote the value (\"\(member.key)\": \(member.value.string == nil ? JSONNode.quote(member.value.jsonText) : "\"…\""))."
                )
            }
        }
    }
}
