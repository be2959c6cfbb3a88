/// The rule-by-rule walk `match` prints: every rule tried for an app and why each did or did not decide.
extension Matcher {
    /// Every rule tried for the app, in order, up to and including the one that decided. `variables` (the file's
    /// substitution variables) lets a trace show what a `$(name)` in the pattern stands for and tell when a rule
    /// missed only by letter case.
    public func explain(_ url: String, appID: String, variables: [String: [String]] = [:]) -> [RuleTrace] {
        guard let prepared = prepare(url), let slot = compiled.slotForApp[appID] else { return [] }
        var traces: [RuleTrace] = []
        for i in compiled[slot].rules {
            let rule = compiled.rules[i]
            let failure = Matcher.evaluate(rule, prepared)
            var outcome =
                failure.map { Matcher.describe($0, rule, url: url) } ?? (rule.exclude ? "matched (exclude)" : "matched")
            if let failure {
                outcome += Matcher.variableValues(failure, rule, variables: variables)
                if Matcher.differsOnlyInCase(failure, rule, prepared, variables: variables) {
                    outcome += "; matching is case-sensitive and the URL differs only in letter case"
                    if rule.reference.format == .components { outcome += " (\"caseSensitive\": false would match it)" }
                }
            }
            traces.append(RuleTrace(rule: rule.reference, outcome: outcome))
            if failure == nil { break }
        }
        return traces
    }

    /// The trace's words for the first part of `rule` that differed.
    static func describe(_ failure: Failure, _ rule: Rule, url: String = "") -> String {
        switch failure {
        case .broken: return "never matches: \(rule.broken ?? "")"
        case .path:
            return rule.path.problem.map { "never matches: \($0)" } ?? "path differs from \(rule.path.written)"
        case .fragment:
            if let problem = rule.fragment.problem { return "never matches: \(problem)" }
            return url.contains("#")
                ? "fragment differs from \(rule.fragment.source)"
                : "the URL has no fragment and the rule needs #\(rule.fragment.source)"
        case .query:
            guard case .whole(let pattern) = rule.query else { return "query differs" }
            if let problem = pattern.problem { return "never matches: \(problem)" }
            return url.contains("?")
                ? "query differs from \(pattern.source)" : "the URL has no query and the rule needs ?\(pattern.source)"
        case .queryItem(let k, let absent):
            guard case .items(let items) = rule.query else { return "query differs" }
            let name = String(decoding: items[k].name, as: UTF8.self)
            if let problem = items[k].pattern.problem { return "never matches: \(problem)" }
            return absent
                ? "query item \(name) is absent and \(items[k].pattern.source) needs a value"
                : "query item \(name) differs from \(items[k].pattern.source)"
        }
    }

    /// The pattern that failed, for the explanations below.
    static func failedPattern(_ failure: Failure, _ rule: Rule) -> Pattern? {
        switch failure {
        case .broken: return nil
        case .path: return rule.path
        case .fragment: return rule.fragment
        case .query: return rule.wholeQuery
        case .queryItem(let k, _): return rule.queryItems?[k].pattern
        }
    }

    /// " ($(food) = burrito, pizza)": what each variable of the failed pattern stands for, so the trace can be read
    /// without the file's substitutionVariables at hand. Long lists show their first values and a count.
    static func variableValues(_ failure: Failure, _ rule: Rule, variables: [String: [String]]) -> String {
        guard let pattern = failedPattern(failure, rule), pattern.problem == nil else { return "" }
        var names: [String] = []
        var rest = pattern.source[...]
        while let start = rest.range(of: "$("), let end = rest[start.upperBound...].firstIndex(of: ")") {
            let name = String(rest[start.upperBound..<end])
            if !names.contains(name) { names.append(name) }
            rest = rest[rest.index(after: end)...]
        }
        let shown = 8
        let parts = names.compactMap { name -> String? in
            if let values = variables[name] {
                let head = values.prefix(shown).joined(separator: ", ")
                return "$(\(name)) = " + (values.count > shown ? "\(head) and \(values.count - shown) more" : head)
            }
            guard let meaning = builtinMeanings[name] else { return nil }
            return "$(\(name)) = \(meaning)"
        }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: "; ") + ")"
    }

    /// Whether the case-sensitive `rule` would have matched the URL had case not mattered.
    static func differsOnlyInCase(
        _ failure: Failure, _ rule: Rule, _ url: PreparedURL, variables: [String: [String]]
    ) -> Bool {
        guard let pattern = failedPattern(failure, rule), pattern.caseSensitive, pattern.problem == nil else {
            return false
        }
        func folded(_ p: Pattern, isPath: Bool) -> Pattern {
            Pattern(isPath ? p.written : p.source, isPath: isPath, caseSensitive: false, variables: variables)
        }
        let query: QuerySpec
        switch rule.query {
        case .any: query = .any
        case .whole(let p): query = .whole(folded(p, isPath: false))
        case .items(let items): query = .items(items.map { ($0.name, folded($0.pattern, isPath: false)) })
        }
        let caseless = Rule(
            path: folded(rule.path, isPath: true), query: query, fragment: folded(rule.fragment, isPath: false),
            exclude: rule.exclude, percentEncoded: rule.percentEncoded, broken: rule.broken, reference: rule.reference)
        return evaluate(caseless, url) == nil
    }

    /// What each built-in variable stands for (Apple's applinks.SubstitutionVariables).
    static let builtinMeanings: [String: String] = [
        "alpha": "any letter", "upper": "any upper-case letter", "lower": "any lower-case letter",
        "alnum": "any letter or digit", "digit": "any digit", "xdigit": "any hexadecimal digit",
        "region": "any ISO 3166 region code", "lang": "any ISO 639 language code",
    ]
}
