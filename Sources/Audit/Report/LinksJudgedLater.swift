import AASA

/// What a domain's entry keeps of the links judged once every domain is in (links to other audited sites, by their
/// files; custom-scheme links, by the entitlements' domains' files), so the run counts the domain anew from this and
/// reads its record back only once, for the reports.
final class LinksJudgedLater: Sendable {
    /// Other audited domains its crawl linked to, sorted: their files judge its rows on them.
    let domains: [String]
    /// What counting it anew needs; nil when the run's budget was spent (its record is read back to count it).
    let kept: Kept?

    struct Kept: Sendable {
        /// Its rows on `domains`, bare: only a row's URL decides what it adds to the counts.
        var rows: URLTable
        /// What the rows on each of `domains` added to the table's counts as written.
        var written: [String: URLTable.Tally]
        /// The table's counts as written.
        var tally: URLTable.Tally
        /// Its custom-scheme links (nil: none), and the counts of its findings other than theirs.
        var schemeLinks: SchemeLinks?
        var otherFindings: FindingCounts
    }

    /// Rows and scheme links a run keeps for all its domains at most (some 10 MB): past it, a domain holding more is
    /// read back from the log once more to be counted, as every one was before.
    static let budget = 50_000

    /// Spent by the domains of one log, under its lock or in one thread.
    final class Budget: Sendable {
        private let left: Locked<Int>

        init(_ units: Int = LinksJudgedLater.budget) { left = Locked(units) }

        /// Takes `units` if that many are left.
        func take(_ units: Int) -> Bool {
            left.withLock { left in
                guard units <= left else { return false }
                left -= units
                return true
            }
        }
    }

    /// nil when `report` holds no link judged later: no link to a `linkable` host, no custom-scheme link. `budget`:
    /// what the run has left to keep (nil: no limit).
    init?(_ report: DomainReport, linkable: ((String) -> Bool)?, budget: Budget?) {
        var linked: [String] = []
        if let linkable, !report.urls.isEmpty {
            linked = report.urls.hosts().filter { $0 != report.domain && linkable($0) }.sorted()
        }
        let schemeLinks = report.crawl?.schemeLinks.flatMap { $0.links.isEmpty ? nil : $0 }
        guard !linked.isEmpty || schemeLinks != nil else { return nil }
        domains = linked
        kept = Self.keep(report, linked: Set(linked), schemeLinks: schemeLinks, budget: budget)
    }

    private static func keep(
        _ report: DomainReport, linked: Set<String>, schemeLinks: SchemeLinks?, budget: Budget?
    ) -> Kept? {
        let table = report.urls
        var rows = URLTable()
        var written: [String: URLTable.Tally] = [:]
        if !linked.isEmpty {
            for position in table.indices {
                let url = table.url(at: position)
                guard let host = URLAuthority.httpHost(of: url), linked.contains(host) else { continue }
                rows.append(url: url, href: nil, facts: URLFacts())
                written[host] = written[host, default: (0, 0, 0)] + table.tally(at: position)
            }
        }
        guard budget?.take(rows.count + (schemeLinks?.links.count ?? 0)) ?? true else { return nil }
        return Kept(
            rows: rows, written: written, tally: table.tally(), schemeLinks: schemeLinks,
            otherFindings: FindingCounts(report.findings.filter { !SchemeLinkVerdicts.isSchemeFinding($0) }))
    }
}

extension LinksJudgedLater.Kept {
    /// The table's counts with its rows on `hosts` judged by their files in `judges` (a host without one serves no
    /// file Apple reads: its rows open nothing), as the reports will show them.
    func tally(judging hosts: Set<String>, by judges: [String: Matcher]) -> URLTable.Tally {
        var rows = rows
        var tally = tally
        for host in hosts {
            tally = tally - written[host, default: (0, 0, 0)]
            if let matcher = judges[host] { rows.judge(host: host, by: matcher) } else { rows.servesNoFile(host) }
        }
        // Rows on a linked host judged by no file here answer nothing: they add what they were written with.
        return tally + rows.tally()
    }

    /// Its findings' counts with its custom-scheme links judged by `judging` and the run's ignore entries applied to
    /// the findings they give.
    func findings(
        judging: SchemeLinkVerdicts.Judging, domain: String, unicode: String?, suppressions: Suppressions?
    ) -> FindingCounts {
        guard let schemeLinks else { return otherFindings }
        let judged = SchemeLinkVerdicts.judge(
            schemeLinks, of: domain, unicode: unicode, judging, suppressions: suppressions)
        return otherFindings + FindingCounts(judged.findings)
    }
}

/// A domain's findings counted by severity, those a truncation left out included, and those ignore entries silenced
/// apart: what its entry and the summary show.
struct FindingCounts: Sendable, Equatable {
    var errors = 0
    var warnings = 0
    var infos = 0
    var suppressed = 0

    init(_ findings: [Finding]) {
        errors = findings.count(.error)
        warnings = findings.count(.warning)
        infos = findings.count(.info)
        suppressed = findings.suppressedCount
    }

    init(errors: Int, warnings: Int, infos: Int, suppressed: Int) {
        (self.errors, self.warnings, self.infos, self.suppressed) = (errors, warnings, infos, suppressed)
    }

    /// As `DomainReport.verdict(_:)` works it out from the findings themselves.
    var verdict: DomainReport.Verdict { errors > 0 ? .fail : warnings > 0 ? .warn : .pass }

    static func + (a: FindingCounts, b: FindingCounts) -> FindingCounts {
        FindingCounts(
            errors: a.errors + b.errors, warnings: a.warnings + b.warnings, infos: a.infos + b.infos,
            suppressed: a.suppressed + b.suppressed)
    }
}

private func + (a: URLTable.Tally, b: URLTable.Tally) -> URLTable.Tally {
    (a.tested + b.tested, a.opening + b.opening, a.unknown + b.unknown)
}

private func - (a: URLTable.Tally, b: URLTable.Tally) -> URLTable.Tally {
    (a.tested - b.tested, a.opening - b.opening, a.unknown - b.unknown)
}
