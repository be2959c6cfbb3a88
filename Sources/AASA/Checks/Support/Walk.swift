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

    /// The `paths` member of each entry whose rules are read in `format` (swcd ignores it when that is components).
    static func pathsMembers(_ file: DecodedFile, readAs format: AASADocument.RuleFormat) -> [JSONNode] {
        file.document?.entries.filter { $0.ruleFormat == format }.compactMap { $0.node["paths"] } ?? []
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
            for entry in document.entries { result += entry.appIDs.map { ($0.node, $0.id, AppleService.applinks) } }
        } else {
            for item in document.applinks?["details"]?.elements ?? [] {
                if let node = item["appID"], let s = node.string { result.append((node, s, AppleService.applinks)) }
                for node in item["appIDs"]?.elements ?? [] {
                    if let s = node.string { result.append((node, s, AppleService.applinks)) }
                }
            }
        }
        for service in AppleService.withAppList {
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
