/// The rule-by-rule walk `match` prints: every rule tried for an app and why each did or did not decide.
extension Matcher {
    /// Every rule tried for the app, in order, up to and including the one that decided.
    public func explain(_ url: String, appID: String) -> [RuleTrace] {
        guard let prepared = prepare(url), let slot = compiled.slotForApp[appID] else { return [] }
        var traces: [RuleTrace] = []
        for i in compiled[slot].rules {
            let rule = compiled.rules[i]
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

    /// The trace's words for the first part of `rule` that differed.
    static func describe(_ failure: Failure, _ rule: Rule) -> String {
        switch failure {
        case .broken: return "never matches: \(rule.broken ?? "")"
        case .path:
            return rule.path.problem.map { "never matches: \($0)" } ?? "path differs from \(rule.path.written)"
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
}
