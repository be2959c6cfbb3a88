/// Apple's matching algorithm, as swcd runs it: the first `details` entry listing the app decides; its
/// `components` (else `paths`) are tried in order and the first rule that matches decides (`exclude` keeps the
/// URL on the web); no match leaves it on the web. The file's rules are compiled once (`CompiledRules`) and every
/// URL is split once (`PreparedURL`), so matching allocates nothing per rule.
public struct Matcher: Sendable {
    @usableFromInline let compiled: CompiledRules

    public init(_ document: AASADocument) {
        compiled = CompiledRules(document)
    }

    /// Every app listed for applinks, in file order.
    public var appIDs: [String] { compiled.appIDs }
    /// Every compiled rule of the file: what judging one URL may cost.
    public var ruleCount: Int { compiled.rules.count }

    /// Prepares a URL for repeated matching against this file. Inlinable so a caller's loop hands its URL straight
    /// to `PreparedURL` instead of paying a call, a retain and a copy of the result per URL.
    @inlinable public func prepare(_ url: String) -> PreparedURL? { PreparedURL(url, decode: compiled.needsDecoded) }

    /// The bare decision for one app: the result and the deciding rule's position in `rules`.
    public struct Decision: Sendable, Hashable {
        public var result: MatchResult
        public var rule: Int?
    }

    /// Decides for one app without building any text.
    public func decide(_ appID: String, _ url: PreparedURL) -> Decision {
        guard let slot = compiled.slotForApp[appID] else { return Decision(result: .noMatch, rule: nil) }
        return decide(compiled[slot], url)
    }

    func decide(_ entry: CompiledEntry, _ url: PreparedURL) -> Decision {
        if let anchors = entry.anchors { return compiled.prefixes.decision(anchors.firstMatch(compiled.prefixes, url)) }
        if let filter = entry.filter { return compiled.prefixes.decision(compiled.prefixes.firstMatch(filter, url)) }
        return compiled.prefixes.decision(compiled.prefixes.firstMatch(entry.rules, url))
    }

    /// Calls `body` with each app's position in `appIDs` and its decision, allocating nothing: the form for hot
    /// loops over many URLs. A single-entry file (the common case) is evaluated once for all its apps.
    public func forEachDecision(_ url: PreparedURL, _ body: (Int, Decision) -> Void) {
        if let filter = compiled.singleScan {
            // One short entry: plain data only, no entry to retain.
            let decision = compiled.prefixes.decision(compiled.prefixes.firstMatch(filter, url))
            for app in 0..<compiled.appSlots.count { body(app, decision) }
            return
        }
        if compiled.entryCount == 1 {
            let decision = decide(compiled[CompiledRules.Slot(position: 0)], url)
            for app in compiled.appSlots.indices { body(app, decision) }
            return
        }
        for (app, slot) in compiled.appSlots.enumerated() { body(app, decide(compiled[slot], url)) }
    }

    /// Decisions for every app of `appIDs`, in that order. Apps sharing a details entry share its rules, so
    /// each entry is evaluated once per URL: the path a crawl takes.
    public func decisions(_ url: PreparedURL) -> [Decision] {
        let slots = compiled.appSlots
        if compiled.entryCount == 1 {
            return [Decision](repeating: decide(compiled[CompiledRules.Slot(position: 0)], url), count: slots.count)
        }
        var perEntry = [Decision?](repeating: nil, count: compiled.entryCount)
        return slots.map { slot in
            if let known = perEntry[slot.position] { return known }
            let decision = decide(compiled[slot], url)
            perEntry[slot.position] = decision
            return decision
        }
    }

    /// Every rule that decides for the app, in order.
    public func rules(of appID: String) -> [RuleReference] {
        guard let slot = compiled.slotForApp[appID] else { return [] }
        return compiled[slot].rules.map { compiled.rules[$0].reference }
    }

    /// The rule a decision names, as written in the file.
    public func reference(_ rule: Int) -> RuleReference { compiled.rules[rule].reference }

    /// The verdict for one app, deciding with the first rule of the first entry that lists it.
    public func verdict(for appID: String, url: PreparedURL) -> AppVerdict {
        guard let slot = compiled.slotForApp[appID] else {
            return AppVerdict(
                appID: appID, result: .noMatch, rule: nil, reason: "The file's applinks details do not list this app.")
        }
        let entry = compiled[slot]
        return verdict(appID, entry, decide(entry, url))
    }

    /// The verdict of the app at `app` (its position in `appIDs`) from its bare decision (`decisions`): the reason
    /// sentence is written here, so a table keeps only the decision and writes the sentence when a row is read.
    public func verdict(app: Int, _ decision: Decision) -> AppVerdict {
        verdict(appIDs[app], compiled[compiled.appSlots[app]], decision)
    }

    private func verdict(_ appID: String, _ entry: CompiledEntry, _ decision: Decision) -> AppVerdict {
        if let decided = decision.rule {
            let reference = compiled.rules[decided].reference
            let at = "details[\(reference.detailsIndex)] rule \(reference.ruleIndex)"
            return AppVerdict(
                appID: appID, result: decision.result, rule: reference,
                reason: decision.result == .exclude
                    ? "Excluded by \(at): the link stays on the web." : "Matched by \(at): the link opens the app.")
        }
        return AppVerdict(
            appID: appID, result: .noMatch, rule: nil,
            reason: entry.rules.isEmpty
                ? "details[\(entry.detailsIndex)] has no rules."
                : "No rule of details[\(entry.detailsIndex)] matches this URL.")
    }

    /// Verdicts for every listed app (or the given ones), in file order.
    public func verdicts(for url: String, appIDs: [String]? = nil) -> URLVerdicts {
        let apps = appIDs ?? self.appIDs
        guard let prepared = prepare(url) else { return Self.unpreparable(url, apps: apps) }
        let verdicts = apps.map { verdict(for: $0, url: prepared) }
        return URLVerdicts(url: url, verdicts: verdicts, opensApp: verdicts.first { $0.result == .match }?.appID)
    }

    /// Verdicts for every listed app from the bare decisions `decisions` gave (nil when `prepare` refused the URL),
    /// as `verdicts(for:)` writes them.
    public func verdicts(for url: String, decisions: [Decision]?) -> URLVerdicts {
        guard let decisions else { return Self.unpreparable(url, apps: appIDs) }
        let verdicts = decisions.indices.map { verdict(app: $0, decisions[$0]) }
        return URLVerdicts(url: url, verdicts: verdicts, opensApp: verdicts.first { $0.result == .match }?.appID)
    }

    /// A URL that is not http(s): no app opens it.
    private static func unpreparable(_ url: String, apps: [String]) -> URLVerdicts {
        URLVerdicts(
            url: url,
            verdicts: apps.map {
                AppVerdict(
                    appID: $0, result: .noMatch, rule: nil, reason: "Only http and https URLs can be universal links.")
            }, opensApp: nil)
    }
}
