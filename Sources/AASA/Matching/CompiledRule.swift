/// One rule compiled once: its patterns and the settings it inherits, merged the way swcd merges them.
extension Matcher {
    enum QuerySpec: Sendable {
        case any
        case whole(Pattern)
        case items([(name: [UInt8], pattern: Pattern)])
    }

    /// A compiled rule; a class with constant fields so the hot loop borrows it instead of copying its arrays.
    final class Rule: Sendable {
        let path: Pattern
        let fragment: Pattern
        let exclude: Bool
        let percentEncoded: Bool
        /// Why swcd would never match this rule (bad pattern type), if so.
        let broken: String?
        let reference: RuleReference
        /// The query spec is kept as two plain optionals, not as a `QuerySpec`: a multi-payload enum hides its
        /// payload pointer behind tag bits, so valgrind and LeakSanitizer took the item array of every rule still in
        /// use at exit (a report's URL table keeps its matcher) for a definite leak.
        let wholeQuery: Pattern?
        let queryItems: [(name: [UInt8], pattern: Pattern)]?

        var query: QuerySpec {
            if let queryItems { return .items(queryItems) }
            if let wholeQuery { return .whole(wholeQuery) }
            return .any
        }

        init(
            path: Pattern, query: QuerySpec, fragment: Pattern, exclude: Bool, percentEncoded: Bool, broken: String?,
            reference: RuleReference
        ) {
            self.path = path
            switch query {
            case .any: (wholeQuery, queryItems) = (nil, nil)
            case .whole(let pattern): (wholeQuery, queryItems) = (pattern, nil)
            case .items(let items): (wholeQuery, queryItems) = (nil, items)
            }
            self.fragment = fragment
            self.exclude = exclude
            self.percentEncoded = percentEncoded
            self.broken = broken
            self.reference = reference
        }
    }

    /// The effective settings of a rule: applinks.defaults ⊕ details.defaults ⊕ the rule (later wins).
    static func effective(
        _ key: String, rule: JSONNode?, entry: AASADocument.Entry, document: AASADocument
    ) -> JSONNode? {
        rule?[key] ?? entry.defaults?[key] ?? document.domainDefaults?[key]
    }

    /// Compiles rule `ruleIndex` of `entry`. Never fails: a rule swcd would reject compiles to one that never matches
    /// and says why in `broken`.
    static func compile(_ node: JSONNode, ruleIndex: Int, entry: AASADocument.Entry, document: AASADocument) -> Rule {
        let format = entry.ruleFormat ?? .components
        let reference = RuleReference(
            detailsIndex: entry.detailsIndex, ruleIndex: ruleIndex, format: format, pointer: node.pointer,
            rule: node.jsonText,
            line: node.position.line, column: node.position.column)
        let variables = document.substitutionVariables
        var broken: String?
        var component: JSONNode? = node
        var pathText: String?
        var forcedExclude = false
        var forcedCase = false
        if format == .paths {
            component = nil
            if let text = node.string {
                // swcd detects "NOT " case-insensitively and forces exclude and case sensitivity.
                if text.count >= 4, text.prefix(4).uppercased() == "NOT " {
                    pathText = String(text.dropFirst(4))
                    forcedExclude = true
                    forcedCase = true
                } else {
                    pathText = text
                }
            } else {
                broken = "a paths entry must be a string, not \(node.typeName)"
            }
        } else if node.members == nil {
            broken = "a component must be an object, not \(node.typeName)"
            component = nil
        }
        func setting(_ key: String) -> JSONNode? {
            effective(key, rule: component, entry: entry, document: document)
        }
        // swcd reads boolValue; anything but a JSON boolean counts as false.
        let caseSensitive = forcedCase || (setting("caseSensitive").map { $0.bool ?? false } ?? true)
        let percentEncoded = setting("percentEncoded").map { $0.bool ?? false } ?? true
        let exclude = forcedExclude || (setting("exclude")?.bool ?? false)
        func pattern(_ key: String, isPath: Bool) -> Pattern {
            let text: String
            if isPath, let pathText {
                text = pathText
            } else if let value = setting(key) {
                guard let s = value.string else {
                    broken = broken ?? "\"\(key)\" must be a string, not \(value.typeName)"
                    return Pattern("*", isPath: false, caseSensitive: true, variables: [:])
                }
                text = s
            } else {
                text = "*"
            }
            return Pattern(text, isPath: isPath, caseSensitive: caseSensitive, variables: variables)
        }
        let path = pattern("/", isPath: true)
        let fragment = pattern("#", isPath: false)
        var query = QuerySpec.any
        if let q = setting("?") {
            if let s = q.string {
                query = .whole(Pattern(s, isPath: false, caseSensitive: caseSensitive, variables: variables))
            } else if let members = q.members {
                // Any non-string value discards the whole dictionary: the component then ignores the query.
                if members.allSatisfy({ $0.value.string != nil }) {
                    query = .items(
                        members.map {
                            (
                                Array($0.key.utf8),
                                Pattern(
                                    $0.value.string!, isPath: false, caseSensitive: caseSensitive, variables: variables)
                            )
                        })
                }
            } else {
                broken = broken ?? "\"?\" must be a string or an object, not \(q.typeName)"
            }
        }
        return Rule(
            path: path, query: query, fragment: fragment, exclude: exclude, percentEncoded: percentEncoded,
            broken: broken,
            reference: reference)
    }
}
