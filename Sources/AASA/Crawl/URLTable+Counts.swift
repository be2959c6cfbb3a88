/// The counts of a table's verdicts (the summary's, the terminal's, each report's), read from the rows' answers
/// (`URLAnswers`) and the verdicts given with rows: counting matches nothing again and writes no verdict text.
extension URLTable {
    /// URLs with at least one verdict, those that open an app, and those whose answer is unknown.
    public func tally() -> Tally { memo.tally(count) }

    private func count() -> Tally {
        var total: Tally = (0, 0, 0)
        func add(_ tally: Tally, times: Int = 1) {
            total = (
                total.tested + tally.tested * times, total.opening + tally.opening * times,
                total.unknown + tally.unknown * times
            )
        }
        let answers = answers()
        for (answer, rows) in answers.appleAnswers() where rows > 0 { add(tally(of: answer), times: rows) }
        // Rows given with verdicts were counted as answering nothing: count what they say instead.
        forEachGiven { add(Self.tally(of: $0)) }
        return total
    }

    /// What the row at `position` adds to `tally()`: a run takes out what the rows judged again at its end added,
    /// and counts them anew, without the rest of the table.
    public func tally(at position: Int) -> Tally {
        if !given.isEmpty, let given = given[position] { return Self.tally(of: given) }
        return tally(of: answers().apple(at: position))
    }

    /// What a row given with its verdicts adds: what they say.
    private static func tally(of given: Given) -> Tally {
        (given.verdicts.isEmpty ? 0 : 1, given.opensApp == nil ? 0 : 1, given.unknownReason == nil ? 0 : 1)
    }

    /// What one row with `answer` adds to `tally()`.
    private func tally(of answer: URLAnswers.Apple) -> Tally {
        switch answer {
        case .none: (0, 0, 0)
        case .unknown, .unjudged: (0, 0, 1)
        case .decided(let host, let decisions):
            judges[host]?.appIDs.isEmpty != false
                ? (0, 0, 0) : (1, decisions?.contains { $0.result == .match } == true ? 1 : 0, 0)
        }
    }

    /// How many URLs each rule of `host`'s file decided (by JSON Pointer), once per URL however many apps share
    /// the rule. Rows given with verdicts count wherever they are.
    public func ruleCounts(host: String) -> [String: Int] {
        var counts: [String: Int] = [:]
        forEachGiven { given in
            for pointer in Set(given.verdicts.compactMap { $0.rule?.pointer }) { counts[pointer, default: 0] += 1 }
        }
        guard let matcher = judges[host] else { return counts }
        var byIndex: [Int: Int] = [:]
        for (answer, rows) in answers().appleAnswers() where rows > 0 {
            guard case .decided(host, let decisions?) = answer else { continue }
            for rule in Set(decisions.compactMap(\.rule)) { byIndex[rule, default: 0] += rows }
        }
        for (rule, count) in byIndex { counts[matcher.reference(rule).pointer, default: 0] += count }
        return counts
    }

    /// Per app, in `appIDs()` order: URLs with a verdict for it, and how many open it or are excluded.
    public func appCounts() -> [(appID: String, total: Int, opens: Int, excluded: Int)] {
        var order: [String] = []
        var counts: [String: (total: Int, opens: Int, excluded: Int)] = [:]
        func count(_ app: String, _ result: MatchResult) {
            if counts[app] == nil { order.append(app) }
            var c = counts[app, default: (0, 0, 0)]
            c.total += 1
            if result == .match { c.opens += 1 }
            if result == .exclude { c.excluded += 1 }
            counts[app] = c
        }
        let answers = answers()
        // Each distinct answer's verdicts, worked out once: rows are many, answers few.
        let results = answers.distinctApple.map(results)
        for position in indices {
            if !given.isEmpty, let given = given[position] {
                for verdict in given.verdicts { count(verdict.appID, verdict.result) }
            } else {
                for (app, result) in results[answers.appleNumber(at: position)] { count(app, result) }
            }
        }
        return order.map { ($0, counts[$0]!.total, counts[$0]!.opens, counts[$0]!.excluded) }
    }

    /// Each app's result in a row with `answer`, in the file's order.
    private func results(of answer: URLAnswers.Apple) -> [(String, MatchResult)] {
        guard case .decided(let host, let decisions) = answer, let matcher = judges[host] else { return [] }
        guard let decisions else { return matcher.appIDs.map { ($0, .noMatch) } }
        return decisions.indices.map { (matcher.appIDs[$0], decisions[$0].result) }
    }

    /// Each row given with its verdicts (a report read back, a check's example), in order.
    private func forEachGiven(_ body: (Given) -> Void) {
        for case let given? in given { body(given) }
    }
}
