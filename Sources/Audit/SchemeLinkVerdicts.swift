import AASA

/// Judges the custom-scheme links each crawl found, once every domain is audited: whether the app declares the
/// scheme (`--info-plist`) and which Universal Link would replace it, which needs the files of all the
/// entitlements' domains, so it cannot be done while one domain is audited.
public enum SchemeLinkVerdicts {
    /// `associated`: the entitlements' applinks domains in their order (nil without `--entitlements`). Judging
    /// again replaces the earlier findings, so `merge` can judge shards with every shard's files.
    public static func judge(_ reports: inout [DomainReport], schemes: URLSchemes?, associated: [String]?) {
        guard reports.contains(where: { $0.crawl?.schemeLinks?.links.isEmpty == false }) else { return }
        var candidates: [(domain: String, matcher: Matcher?)] = []
        if let associated {
            var matchers: [String: Matcher] = [:]
            for report in reports where associated.contains(report.domain) {
                // Apple reads the well-known location; `file` holds what it served.
                guard report.fetches.contains(where: { $0.location == .wellKnown && $0.httpStatus == 200 }),
                    let file = report.file, let document = DecodedFile(bytes: Array(file.utf8)).document
                else { continue }
                matchers[report.domain] = Matcher(document)
            }
            candidates = associated.map { ($0, matchers[$0]) }
        }
        for r in reports.indices {
            guard var links = reports[r].crawl?.schemeLinks, !links.links.isEmpty else { continue }
            var evidence: [CustomSchemeEvidence] = []
            for (i, link) in links.links.enumerated() {
                let replacement = SchemeReplacement.find(for: link.link, domains: candidates)
                let item = CustomSchemeEvidence(
                    link: link.link, foundOn: link.pages.first ?? reports[r].domain, pageCount: link.pageCount,
                    schemes: schemes, replacement: replacement, replacementSought: associated != nil)
                links.judge(i, declared: item.declared, replacement: replacement)
                evidence.append(item)
            }
            reports[r].crawl?.schemeLinks = links
            let earlier = reports[r].findings.filter { $0.id != LinkCustomScheme.description.id }
            reports[r].findings = (earlier + Catalogue.check(evidence)).sortedForReading()
            reports[r].verdict = DomainReport.verdict(reports[r].findings)
        }
    }
}
