import AASA

/// Judges the custom-scheme links each crawl found, once every domain is audited: whether the app declares the
/// scheme (`--info-plist`) and which Universal Link would replace it, which needs the files of all the
/// entitlements' domains, so it cannot be done while one domain is audited.
public enum SchemeLinkVerdicts {
    /// What judging needs: the declared schemes and, in the entitlements' order, each associated domain with the
    /// matcher of the file Apple reads there (nil when it served none).
    public struct Judging: Sendable {
        public var schemes: URLSchemes?
        public var candidates: [(domain: String, matcher: Matcher?)]
        /// Entitlements were given, so "no replacement" means none was found rather than none was sought.
        public var sought: Bool
    }

    /// `associated`: the entitlements' applinks domains in their order (nil without `--entitlements`); `matcher`
    /// gives the matcher of the file an audited domain served, by name (nil when it was not audited or served
    /// none that decodes).
    public static func judging(
        schemes: URLSchemes?, associated: [String]?, matcher: (String) -> Matcher?
    ) -> Judging {
        let candidates = (associated ?? []).map { (domain: $0, matcher: matcher($0)) }
        return Judging(schemes: schemes, candidates: candidates, sought: associated != nil)
    }

    /// Judges one domain's scheme links. Judging again replaces the earlier findings, so `merge` can judge shards
    /// with every shard's files. `suppressions`: the run's ignore entries, applied to the findings judging gives (the
    /// domain's other findings met them when it was audited).
    public static func judge(_ report: inout DomainReport, _ judging: Judging, suppressions: Suppressions? = nil) {
        guard let links = report.crawl?.schemeLinks, !links.links.isEmpty else { return }
        let judged = judge(links, of: report.domain, unicode: report.unicode, judging, suppressions: suppressions)
        report.crawl?.schemeLinks = judged.links
        report.findings = (report.findings.filter { !isSchemeFinding($0) } + judged.findings).sortedForReading()
        report.verdict = DomainReport.verdict(report.findings)
    }

    /// `links`, found by the crawl of `domain` (`unicode`: its Unicode name), judged, with the findings they give,
    /// those `suppressions` silence marked: all a domain's count needs, so the run counts a domain's judged links
    /// without reading its record back, as the reports will show it.
    public static func judge(
        _ links: SchemeLinks, of domain: String, unicode: String? = nil, _ judging: Judging,
        suppressions: Suppressions? = nil
    ) -> (links: SchemeLinks, findings: [Finding]) {
        var links = links
        var evidence: [CustomSchemeEvidence] = []
        for (i, link) in links.links.enumerated() {
            let replacement = SchemeReplacement.find(for: link.link, domains: judging.candidates)
            let item = CustomSchemeEvidence(
                link: link.link, foundOn: link.pages.first ?? domain, pageCount: link.pageCount,
                schemes: judging.schemes, replacement: replacement, replacementSought: judging.sought)
            links.judge(i, declared: item.declared, replacement: replacement)
            evidence.append(item)
        }
        var findings = Catalogue.check(evidence)
        _ = suppressions?.apply(to: &findings, domain: [domain] + (unicode.map { [$0] } ?? []))
        return (links, findings)
    }

    /// Whether `finding` is one that judging scheme links gives (and judging again replaces).
    public static func isSchemeFinding(_ finding: Finding) -> Bool {
        finding.id == LinkCustomScheme.description.id
    }

    /// Every domain of a run held in memory (tests, `merge`).
    public static func judge(_ reports: inout [DomainReport], schemes: URLSchemes?, associated: [String]?) {
        guard reports.contains(where: { $0.crawl?.schemeLinks?.links.isEmpty == false }) else { return }
        let byName = Dictionary(reports.map { ($0.domain, $0) }, uniquingKeysWith: { first, _ in first })
        let judging = judging(schemes: schemes, associated: associated) { byName[$0]?.servedMatcher }
        for r in reports.indices { judge(&reports[r], judging) }
    }
}
