/// Keys Apple documents (or swcd reads) at each level of the file; anything else is ignored by devices.
enum KnownKeys {
    static let services = ["applinks", "webcredentials", "appclips", "activitycontinuation"]
    /// Service names in swcd's table that Apple does not document for third parties.
    static let otherServices = ["messagefilter", "classificationreport", "authsrv"]
    static let applinks = ["apps", "details", "defaults", "substitutionVariables"]
    static let details = ["appID", "appIDs", "components", "paths", "defaults"]
    /// Read by swcd but undocumented; not worth a warning.
    static let detailsUndocumented = ["relativeOrder"]
    static let component = ["/", "?", "#", "exclude", "comment", "caseSensitive", "percentEncoded"]
    static let componentUndocumented = ["requiredEntitlement"]
    static let appsService = ["apps"]
}

/// Walks the places where patterns, rules and app IDs live, so each check states only its own demand.
enum Walk {
    /// Component-like objects: components plus both levels of defaults (Defaults "is a subclass of components").
    static func componentLikes(_ document: AASADocument) -> [JSONNode] {
        var result: [JSONNode] = []
        if let d = document.domainDefaults { result.append(d) }
        for entry in document.entries {
            if let d = entry.defaults { result.append(d) }
            if entry.ruleFormat == .components { result += entry.rules.filter { $0.members != nil } }
        }
        return result
    }

    /// Every string that swcd compiles as a pattern, with whether it is a path pattern.
    static func patternStrings(_ document: AASADocument) -> [(node: JSONNode, text: String, isPath: Bool)] {
        var result: [(JSONNode, String, Bool)] = []
        for object in componentLikes(document) {
            for key in ["/", "#"] {
                if let node = object[key], let s = node.string { result.append((node, s, key == "/")) }
            }
            if let q = object["?"] {
                if let s = q.string {
                    result.append((q, s, false))
                } else {
                    for member in q.members ?? [] {
                        if let s = member.value.string { result.append((member.value, s, false)) }
                    }
                }
            }
        }
        for entry in document.entries where entry.ruleFormat == .paths {
            for node in entry.rules {
                guard var s = node.string else { continue }
                if s.count >= 4, s.prefix(4).uppercased() == "NOT " { s = String(s.dropFirst(4)) }
                result.append((node, s, true))
            }
        }
        return result
    }

    /// Every app ID string written anywhere (effective or not), with its node and the service it belongs to.
    static func appIDNodes(_ document: AASADocument) -> [(node: JSONNode, id: String, service: String)] {
        var result: [(JSONNode, String, String)] = []
        if document.detailsForm == .dictionary {
            for entry in document.entries { result += entry.appIDs.map { ($0.node, $0.id, "applinks") } }
        } else {
            for item in document.applinks?["details"]?.elements ?? [] {
                if let node = item["appID"], let s = node.string { result.append((node, s, "applinks")) }
                for node in item["appIDs"]?.elements ?? [] {
                    if let s = node.string { result.append((node, s, "applinks")) }
                }
            }
        }
        for service in ["webcredentials", "appclips", "activitycontinuation"] {
            for node in document.root[service]?["apps"]?.elements ?? [] {
                if let s = node.string { result.append((node, s, service)) }
            }
        }
        return result
    }

    /// All objects and their members in the tree, depth first.
    static func objects(_ node: JSONNode, _ visit: (JSONNode, [JSONMember]) -> Void) {
        switch node.value {
        case .object(let members):
            visit(node, members)
            for m in members { objects(m.value, visit) }
        case .array(let items):
            for item in items { objects(item, visit) }
        default:
            break
        }
    }
}

/// The closest known key to a misspelled one, if it is close enough to be a likely typo.
func suggestion(for key: String, among candidates: [String]) -> String? {
    if let sameLetters = candidates.first(where: { $0.lowercased() == key.lowercased() }) { return sameLetters }
    let scored = candidates.map { ($0, editDistance(key.lowercased(), $0.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
    let allowed = max(1, min(2, best.0.count / 3))
    return best.1 <= allowed ? best.0 : nil
}

/// Optimal-string-alignment distance: edits plus adjacent transpositions ("exclued" is one step from "exclude").
func editDistance(_ a: String, _ b: String) -> Int {
    let s = Array(a.unicodeScalars)
    let t = Array(b.unicodeScalars)
    if s.isEmpty { return t.count }
    if t.isEmpty { return s.count }
    var d = [[Int]](repeating: [Int](repeating: 0, count: t.count + 1), count: s.count + 1)
    for i in 0...s.count { d[i][0] = i }
    for j in 0...t.count { d[0][j] = j }
    for i in 1...s.count {
        for j in 1...t.count {
            let cost = s[i - 1] == t[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, s[i - 1] == t[j - 2], s[i - 2] == t[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
        }
    }
    return d[s.count][t.count]
}
