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

    public init(appID: String, result: MatchResult, rule: RuleReference?, reason: String) {
        self.appID = appID
        self.result = result
        self.rule = rule
        self.reason = reason
    }

    /// Writes `rule` as null when absent: the report shape has every key (DESIGN §7).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(appID, forKey: .appID)
        try c.encode(result, forKey: .result)
        try c.encode(rule, forKey: .rule)
        try c.encode(reason, forKey: .reason)
    }
}

public struct URLVerdicts: Codable, Hashable, Sendable {
    public var url: String
    public var verdicts: [AppVerdict]
    /// The first app, in file order, whose verdict is `match`.
    public var opensApp: String?

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(url, forKey: .url)
        try c.encode(verdicts, forKey: .verdicts)
        try c.encode(opensApp, forKey: .opensApp)
    }
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

    /// A compiled rule; a class with constant fields so the hot loop borrows it instead of copying its arrays.
    final class Rule: Sendable {
        let path: Pattern
        let query: QuerySpec
        let fragment: Pattern
        let exclude: Bool
        let percentEncoded: Bool
        /// Why swcd would never match this rule (bad pattern type), if so.
        let broken: String?
        let reference: RuleReference

        init(
            path: Pattern, query: QuerySpec, fragment: Pattern, exclude: Bool, percentEncoded: Bool, broken: String?,
            reference: RuleReference
        ) {
            self.path = path
            self.query = query
            self.fragment = fragment
            self.exclude = exclude
            self.percentEncoded = percentEncoded
            self.broken = broken
            self.reference = reference
        }
    }

    /// A class so the hot path reads it by reference instead of copying its arrays.
    final class Entry: Sendable {
        let appIDs: [String]
        /// This entry's rules in `Matcher.rules`.
        let rules: Range<Int>
        let index: RuleIndex?

        init(appIDs: [String], rules: Range<Int>, index: RuleIndex?) {
            self.appIDs = appIDs
            self.rules = rules
            self.index = index
        }
    }

    /// Every entry's compiled rules, flat, so the hot loop walks one buffer without copying rules.
    let rules: [Rule]
    let entries: [Entry]
    let entryForApp: [String: Int]
    /// Every app listed for applinks, in file order.
    public let appIDs: [String]
    let needsDecoded: Bool
    /// The entry deciding for each app of `appIDs`.
    let appEntries: [Int]

    /// Plain data per rule: the literal every matching path starts with, checked before the rule itself so
    /// most rules are rejected without touching reference-counted memory.
    struct Prefix: Sendable {
        var start: Int32
        var length: Int32
        var folded: Bool
        var decoded: Bool
        var never: Bool
    }

    let prefixes: [Prefix]
    let prefixPool: [UInt8]

    /// Entries with more rules than this get a literal-anchor index; below it a plain scan is faster.
    static let indexThreshold = 24

    public init(_ document: AASADocument) {
        var rules: [Rule] = []
        var entries: [Entry] = []
        var entryForApp: [String: Int] = [:]
        var needsDecoded = false
        for entry in document.entries {
            let first = rules.count
            for (ruleIndex, node) in entry.rules.enumerated() {
                let rule = Matcher.compile(node, ruleIndex: ruleIndex, entry: entry, document: document)
                needsDecoded = needsDecoded || !rule.percentEncoded
                rules.append(rule)
            }
            let range = first..<rules.count
            let position = entries.count
            for id in entry.appIDs.map(\.id) where entryForApp[id] == nil { entryForApp[id] = position }
            let index = range.count > Matcher.indexThreshold ? RuleIndex(rules: rules, range: range) : nil
            entries.append(Entry(appIDs: entry.appIDs.map(\.id), rules: range, index: index))
        }
        var prefixes: [Prefix] = []
        var prefixPool: [UInt8] = []
        for rule in rules {
            var prefix = Prefix(
                start: Int32(prefixPool.count), length: 0, folded: !rule.path.caseSensitive,
                decoded: !rule.percentEncoded, never: rule.broken != nil || rule.path.problem != nil)
            if case .literal(let a, let b) = rule.path.tokens.first,
                rule.path.caseSensitive || rule.path.pool[a..<b].allSatisfy({ $0 < 0x80 })
            {
                prefixPool += rule.path.pool[a..<b]
                prefix.length = Int32(b - a)
            }
            prefixes.append(prefix)
        }
        self.prefixes = prefixes
        self.prefixPool = prefixPool
        self.rules = rules
        self.entries = entries
        self.entryForApp = entryForApp
        self.needsDecoded = needsDecoded
        appIDs = document.applinksAppIDs
        appEntries = appIDs.map { entryForApp[$0]! }
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

    /// The bare decision for one app: the result and the deciding rule's position in `rules`.
    public struct Decision: Sendable, Equatable {
        public var result: MatchResult
        public var rule: Int?
    }

    /// Decides for one app without building any text.
    public func decide(_ appID: String, _ url: PreparedURL) -> Decision {
        guard let entryIndex = entryForApp[appID] else { return Decision(result: .noMatch, rule: nil) }
        return decide(entry: entryIndex, url)
    }

    func decide(entry entryIndex: Int, _ url: PreparedURL) -> Decision {
        let entry = entries[entryIndex]
        var decided: Int?
        if let index = entry.index {
            decided = index.firstMatch(rules, url)
        } else {
            decided = scan(entry.rules, url)
        }
        guard let decided else { return Decision(result: .noMatch, rule: nil) }
        return Decision(result: rules[decided].exclude ? .exclude : .match, rule: decided)
    }

    /// The first rule of `range` that matches, rejecting most rules on their literal path prefix first.
    func scan(_ range: Range<Int>, _ url: PreparedURL) -> Int? {
        let decodedView = url.decodedView ?? url.raw
        return prefixes.withUnsafeBufferPointer { prefixes in
            prefixPool.withUnsafeBufferPointer { pool in
                url.raw.bytes.withUnsafeBufferPointer { raw in
                    decodedView.bytes.withUnsafeBufferPointer { decoded in
                        for i in range {
                            let prefix = prefixes[i]
                            if prefix.never { continue }
                            if prefix.length > 0 {
                                let (text, path) = prefix.decoded ? (decoded, decodedView.path) : (raw, url.raw.path)
                                let n = Int(prefix.length)
                                if n > path.count { continue }
                                let start = Int(prefix.start)
                                let p = path.lowerBound
                                var k = 0
                                if prefix.folded {
                                    while k < n, pool[start + k] == ASCII.lower(text[p + k]) { k += 1 }
                                } else {
                                    while k < n, pool[start + k] == text[p + k] { k += 1 }
                                }
                                if k < n { continue }
                            }
                            if Matcher.evaluate(rules[i], url) == nil { return i }
                        }
                        return nil
                    }
                }
            }
        }
    }

    /// Calls `body` with each app's position in `appIDs` and its decision, allocating nothing: the form for hot
    /// loops over many URLs. A single-entry file (the common case) is evaluated once for all its apps.
    public func forEachDecision(_ url: PreparedURL, _ body: (Int, Decision) -> Void) {
        if entries.count == 1 {
            let decision = decide(entry: 0, url)
            for app in appEntries.indices { body(app, decision) }
            return
        }
        for (app, entry) in appEntries.enumerated() { body(app, decide(entry: entry, url)) }
    }

    /// Decisions for every app of `appIDs`, in that order. Apps sharing a details entry share its rules, so
    /// each entry is evaluated once per URL: the path a crawl takes.
    public func decisions(_ url: PreparedURL) -> [Decision] {
        if entries.count == 1 { return [Decision](repeating: decide(entry: 0, url), count: appEntries.count) }
        var perEntry = [Decision?](repeating: nil, count: entries.count)
        return appEntries.map { entryIndex in
            if let known = perEntry[entryIndex] { return known }
            let decision = decide(entry: entryIndex, url)
            perEntry[entryIndex] = decision
            return decision
        }
    }

    /// Every rule that decides for the app, in order.
    public func rules(of appID: String) -> [RuleReference] {
        guard let entry = entryForApp[appID] else { return [] }
        return entries[entry].rules.map { rules[$0].reference }
    }

    /// The rule a decision names, as written in the file.
    public func reference(_ rule: Int) -> RuleReference { rules[rule].reference }

    /// The verdict for one app, deciding with the first rule of the first entry that lists it.
    public func verdict(for appID: String, url: PreparedURL) -> AppVerdict {
        guard let entryIndex = entryForApp[appID] else {
            return AppVerdict(
                appID: appID, result: .noMatch, rule: nil, reason: "The file's applinks details do not list this app.")
        }
        let decision = decide(appID, url)
        if let decided = decision.rule {
            let reference = rules[decided].reference
            let at = "details[\(reference.detailsIndex)] rule \(reference.ruleIndex)"
            return AppVerdict(
                appID: appID, result: decision.result, rule: reference,
                reason: decision.result == .exclude
                    ? "Excluded by \(at): the link stays on the web." : "Matched by \(at): the link opens the app.")
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
        for i in entries[entryIndex].rules {
            let rule = rules[i]
            let failure = Matcher.evaluate(rule, prepared)
            traces.append(
                RuleTrace(
                    rule: rule.reference,
                    outcome: failure.map { Matcher.describe($0, rule) }
                        ?? (rule.exclude ? "matched (exclude)" : "matched")))
            if failure == nil { break }
        }
        return traces
    }

    /// Which part of a rule failed first; a plain enum so the hot path never builds strings.
    enum Failure: Equatable {
        case broken, path, fragment, query
        case queryItem(Int, absent: Bool)
    }

    static func describe(_ failure: Failure, _ rule: Rule) -> String {
        switch failure {
        case .broken: return "never matches: \(rule.broken ?? "")"
        case .path:
            return rule.path.problem.map { "never matches: \($0)" } ?? "path differs from \(rule.path.source)"
        case .fragment:
            return rule.fragment.problem.map { "never matches: \($0)" }
                ?? "fragment differs from \(rule.fragment.source)"
        case .query:
            guard case .whole(let pattern) = rule.query else { return "query differs" }
            return pattern.problem.map { "never matches: \($0)" } ?? "query differs from \(pattern.source)"
        case .queryItem(let k, let absent):
            guard case .items(let items) = rule.query else { return "query differs" }
            let name = String(decoding: items[k].name, as: UTF8.self)
            if let problem = items[k].pattern.problem { return "never matches: \(problem)" }
            return absent
                ? "query item \(name) is absent and \(items[k].pattern.source) needs a value"
                : "query item \(name) differs from \(items[k].pattern.source)"
        }
    }

    /// Nil when the rule matches; otherwise the first part that differs, in swcd's order (path, fragment, query).
    @inline(__always) static func evaluate(_ rule: Rule, _ url: PreparedURL) -> Failure? {
        if rule.broken != nil { return .broken }
        let view = !rule.percentEncoded && url.decodedView != nil ? url.decodedView! : url.raw
        return view.bytes.withUnsafeBufferPointer { buffer -> Failure? in
            if !rule.path.isMatchAll, !rule.path.matches(buffer, view.path.lowerBound, view.path.upperBound) {
                return .path
            }
            if !rule.fragment.isMatchAll,
                !rule.fragment.matches(buffer, view.fragment.lowerBound, view.fragment.upperBound)
            {
                return .fragment
            }
            switch rule.query {
            case .any:
                return nil
            case .whole(let pattern):
                return pattern.isMatchAll || pattern.matches(buffer, view.query.lowerBound, view.query.upperBound)
                    ? nil : .query
            case .items(let items):
                for k in items.indices {
                    var found = false
                    for item in view.items where Matcher.equal(buffer, item.name, items[k].name) {
                        found = true
                        if !items[k].pattern.matches(buffer, item.value.lowerBound, item.value.upperBound) {
                            return .queryItem(k, absent: false)
                        }
                    }
                    // An absent item is matched as the empty string.
                    if !found, !items[k].pattern.matches(buffer, 0, 0) { return .queryItem(k, absent: true) }
                }
                return nil
            }
        }
    }

    @inline(__always) static func equal(
        _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ name: [UInt8]
    ) -> Bool {
        guard range.count == name.count else { return false }
        var i = 0
        for b in name {
            if buffer[range.lowerBound + i] != b { return false }
            i += 1
        }
        return true
    }
}
