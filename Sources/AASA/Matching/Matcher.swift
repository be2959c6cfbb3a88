/// The outcome for one app and one URL.
public enum MatchResult: String, Codable, Sendable {
    /// A rule matched: the URL opens the app.
    case match
    /// An `exclude` rule (or a `NOT ` path) matched first: the URL stays on the web.
    case exclude
    /// No rule matched, or the file does not list the app.
    case noMatch = "no_match"
}

/// The rule that decided, as written, so a report can explain the verdict.
public struct RuleReference: Codable, Hashable, Sendable {
    public var detailsIndex: Int
    public var ruleIndex: Int
    public var format: AASADocument.RuleFormat
    public var pointer: String
    /// The rule's JSON text as it appears in the file.
    public var rule: String
    public var line: Int
    public var column: Int
}

public struct AppVerdict: Codable, Hashable, Sendable {
    public var appID: String
    public var result: MatchResult
    public var rule: RuleReference?
    /// One sentence explaining the result.
    public var reason: String
}

public struct URLVerdicts: Codable, Hashable, Sendable {
    public var url: String
    public var verdicts: [AppVerdict]
    /// The first app, in file order, whose verdict is `match`.
    public var opensApp: String?
}

/// Why one rule did or did not decide, for `match`'s rule-by-rule explanation.
public struct RuleTrace: Codable, Hashable, Sendable {
    public var rule: RuleReference
    /// `matched`, or which part differed first (swcd order: path, fragment, query).
    public var outcome: String
}

/// Apple's matching algorithm (swcd semantics, notes/aasa-spec.md §3), compiled once per file.
public struct Matcher: Sendable {
    enum QuerySpec: Sendable {
        case any
        case whole(Pattern)
        case items([(name: [UInt8], pattern: Pattern)])
    }

    struct Rule: Sendable {
        var path: Pattern
        var query: QuerySpec
        var fragment: Pattern
        var exclude: Bool
        var percentEncoded: Bool
        /// Why swcd would never match this rule (bad pattern type), if so.
        var broken: String?
        var reference: RuleReference
    }

    struct Entry: Sendable {
        var appIDs: [String]
        var rules: [Rule]
    }

    let entries: [Entry]
    let entryForApp: [String: Int]
    /// Every app listed for applinks, in file order.
    public let appIDs: [String]
    let needsDecoded: Bool

    public init(_ document: AASADocument) {
        var entries: [Entry] = []
        var entryForApp: [String: Int] = [:]
        var needsDecoded = false
        for entry in document.entries {
            var rules: [Rule] = []
            for (ruleIndex, node) in entry.rules.enumerated() {
                let rule = Matcher.compile(
                    node, ruleIndex: ruleIndex, entry: entry, document: document)
                needsDecoded = needsDecoded || !rule.percentEncoded
                rules.append(rule)
            }
            let position = entries.count
            for id in entry.appIDs.map(\.id) where entryForApp[id] == nil { entryForApp[id] = position }
            entries.append(Entry(appIDs: entry.appIDs.map(\.id), rules: rules))
        }
        self.entries = entries
        self.entryForApp = entryForApp
        self.needsDecoded = needsDecoded
        appIDs = document.applinksAppIDs
    }

    /// The effective settings of a rule: applinks.defaults ⊕ details.defaults ⊕ the rule (later wins).
    static func effective(
        _ key: String, rule: JSONNode?, entry: AASADocument.Entry, document: AASADocument
    ) -> JSONNode? {
        rule?[key] ?? entry.defaults?[key] ?? document.domainDefaults?[key]
    }

    static func compile(_ node: JSONNode, ruleIndex: Int, entry: AASADocument.Entry, document: AASADocument) -> Rule {
        let format = entry.ruleFormat ?? .components
        let reference = RuleReference(
            detailsIndex: entry.index, ruleIndex: ruleIndex, format: format, pointer: node.pointer, rule: node.jsonText,
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

    /// Prepares a URL for repeated matching against this file.
    public func prepare(_ url: String) -> PreparedURL? { PreparedURL(url, decode: needsDecoded) }

    /// The verdict for one app, deciding with the first rule of the first entry that lists it.
    public func verdict(for appID: String, url: PreparedURL) -> AppVerdict {
        guard let entryIndex = entryForApp[appID] else {
            return AppVerdict(
                appID: appID, result: .noMatch, rule: nil, reason: "The file's applinks details do not list this app.")
        }
        for rule in entries[entryIndex].rules where Matcher.evaluate(rule, url) == nil {
            return AppVerdict(
                appID: appID, result: rule.exclude ? .exclude : .match, rule: rule.reference,
                reason: rule.exclude
                    ? "Excluded by details[\(rule.reference.detailsIndex)] rule \(rule.reference.ruleIndex): the link stays on the web."
                    : "Matched by details[\(rule.reference.detailsIndex)] rule \(rule.reference.ruleIndex): the link opens the app."
            )
        }
        return AppVerdict(
            appID: appID, result: .noMatch, rule: nil,
            reason: entries[entryIndex].rules.isEmpty
                ? "details[\(entryIndex)] has no rules." : "No rule of details[\(entryIndex)] matches this URL.")
    }

    /// Verdicts for every listed app (or the given ones), in file order.
    public func verdicts(for url: String, appIDs: [String]? = nil) -> URLVerdicts {
        let apps = appIDs ?? self.appIDs
        guard let prepared = prepare(url) else {
            return URLVerdicts(
                url: url,
                verdicts: apps.map {
                    AppVerdict(
                        appID: $0, result: .noMatch, rule: nil,
                        reason: "Only http and https URLs can be universal links.")
                }, opensApp: nil)
        }
        let verdicts = apps.map { verdict(for: $0, url: prepared) }
        return URLVerdicts(url: url, verdicts: verdicts, opensApp: verdicts.first { $0.result == .match }?.appID)
    }

    /// Every rule tried for the app, in order, up to and including the one that decided.
    public func explain(_ url: String, appID: String) -> [RuleTrace] {
        guard let prepared = prepare(url), let entryIndex = entryForApp[appID] else { return [] }
        var traces: [RuleTrace] = []
        for rule in entries[entryIndex].rules {
            let failure = Matcher.evaluate(rule, prepared)
            traces.append(
                RuleTrace(rule: rule.reference, outcome: failure ?? (rule.exclude ? "matched (exclude)" : "matched")))
            if failure == nil { break }
        }
        return traces
    }

    /// Nil when the rule matches; otherwise the first part that differs, in swcd's order.
    static func evaluate(_ rule: Rule, _ url: PreparedURL) -> String? {
        if let broken = rule.broken { return "never matches: \(broken)" }
        let view = rule.percentEncoded ? url.raw : (url.decoded ?? url.raw)
        if !matchWhole(rule.path, view.path) {
            return rule.path.problem.map { "never matches: \($0)" } ?? "path differs from \(rule.path.source)"
        }
        if !rule.fragment.isMatchAll, !matchWhole(rule.fragment, view.fragment) {
            return rule.fragment.problem.map { "never matches: \($0)" }
                ?? "fragment differs from \(rule.fragment.source)"
        }
        switch rule.query {
        case .any:
            return nil
        case .whole(let pattern):
            if pattern.isMatchAll || matchWhole(pattern, view.query) { return nil }
            return pattern.problem.map { "never matches: \($0)" } ?? "query differs from \(pattern.source)"
        case .items(let items):
            return view.itemBytes.withUnsafeBufferPointer { buffer -> String? in
                for (name, pattern) in items {
                    var found = false
                    for item in view.items where item.name.count == name.count {
                        if !name.indices.allSatisfy({ buffer[item.name.lowerBound + $0] == name[$0] }) { continue }
                        found = true
                        if !pattern.matches(buffer, item.value.lowerBound, item.value.upperBound) {
                            return "query item \(String(decoding: name, as: UTF8.self)) differs from \(pattern.source)"
                        }
                    }
                    // An absent item is matched as the empty string.
                    if !found, !pattern.matches(buffer, 0, 0) {
                        return
                            "query item \(String(decoding: name, as: UTF8.self)) is absent and \(pattern.source) needs a value"
                    }
                }
                return nil
            }
        }
    }

    @inline(__always) static func matchWhole(_ pattern: Pattern, _ bytes: [UInt8]) -> Bool {
        if pattern.isMatchAll { return true }
        return bytes.withUnsafeBufferPointer { pattern.matches($0, 0, $0.count) }
    }
}
