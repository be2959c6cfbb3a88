/// A canonical text of a JSON value (object keys sorted), to compare files by meaning rather than bytes.
enum Canonical {
    static func text(_ node: JSONNode) -> String {
        switch node.value {
        case .object(let members):
            var seen: [String: JSONNode] = [:]
            for m in members { seen[m.key] = m.value }
            return "{" + seen.keys.sorted().map { JSONNode.quote($0) + ":" + text(seen[$0]!) }.joined(separator: ",")
                + "}"
        case .array(let items): return "[" + items.map(text).joined(separator: ",") + "]"
        default: return node.jsonText
        }
    }
}
