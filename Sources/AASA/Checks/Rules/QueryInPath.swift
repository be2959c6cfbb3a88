/// A path pattern never sees the query; `?` in it is a one-character wildcard.
public enum QueryInPath: Check {
    public static let description = CheckDescription(
        id: "query-in-path", area: .rules, severity: .error,
        summary: "Path patterns do not try to match a query string",
        rationale: """
            In a pattern `?` means "any one character", and the URL path never includes the query. So \
            "/search?q=*" matches "/searchXq=…" and never "/search?q=shoes". Queries are matched by the `?` key.
            """,
        reference: AppleDocs.query)

    public static let examples = Examples<DecodedFile>(
        passing: [
            .passing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/search", "?": {"q": "*"}}, {"/": "/item/????"}]}]}}"#
            )
        ],
        failing: [
            .failing(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/search?q=*"}]}, {"appID": "9JA89QQLNQ.com.acme.old", "paths": ["/p?id=*"]}]}}"#,
                at: ["/applinks/details/0/components/0/~1", "/applinks/details/1/paths/0"])
        ])

    public static func run(_ file: DecodedFile, into findings: inout FindingSink) {
        guard let document = file.document else { return }
        for (node, text, isPath) in Walk.patternStrings(document) where isPath {
            // Scalars, not Characters: a combining mark after "?" makes one Character of both (found by fuzzing).
            guard let name = queryName(in: text), let mark = text.unicodeScalars.firstIndex(of: "?") else { continue }
            let path = String(text.unicodeScalars[..<mark])
            findings.add(
                description, at: node,
                "The path pattern \(JSONNode.quote(text)) looks like it matches the query item \"\(name)\", but '?' is a wildcard and the path never contains the query.",
                why: "The rule does not match the intended URLs on any iOS version.",
                fix: #"Use a component: {"/": "\#(path)", "?": {"\#(name)": "*"}} (iOS 13+)."#)
        }
    }

    /// The query item name after a `?` that is followed by `name=`, if any.
    static func queryName(in text: String) -> String? {
        let scalars = Array(text.unicodeScalars)
        for (i, s) in scalars.enumerated() where s == "?" {
            var j = i + 1
            while j < scalars.count,
                scalars[j].properties.isAlphabetic || ("0"..."9").contains(scalars[j])
                    || "_-.[]".unicodeScalars.contains(scalars[j])
            {
                j += 1
            }
            if j > i + 1, j < scalars.count, scalars[j] == "=" {
                return String(String.UnicodeScalarView(scalars[(i + 1)..<j]))
            }
        }
        return nil
    }
}
