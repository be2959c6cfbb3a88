import Foundation

/// Every rule should match some real URL of the site.
public enum RuleUnused: Check {
    public static let description = CheckDescription(
        id: "rule-unused", area: .crawl, severity: .info,
        summary: "Every rule decides for some URL the crawl found",
        rationale:
            "A rule no linked URL reaches is stale (a renamed section) or a typo; the per-rule hit counts in the report show the rest.",
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<CrawlEvidence>.crawlFailing(
        ExampleCrawl.evidence(urls: ["/shop/1"]), at: ["/applinks/details/0/components/1"])

    public static func run(_ evidence: CrawlEvidence, into findings: inout FindingSink) {
        guard !evidence.urls.isEmpty else { return }
        for hit in evidence.ruleHits() where hit.hits == 0 {
            findings.append(
                Finding(
                    id: description.id, severity: description.severity,
                    message: "Rule \(hit.rule.rule) decided for none of the \(evidence.urls.count) URLs found"
                        + (evidence.complete ? "." : " (the crawl stopped early)."),
                    location: FindingLocation(
                        url: DomainProbe.url(evidence.domain, .wellKnown), pointer: hit.rule.pointer,
                        line: hit.rule.line,
                        column: hit.rule.column),
                    why: "Harmless on every iOS version, but stale rules hide the ones that matter.",
                    hint: "Remove it if the section is gone, or check its spelling against real URLs.",
                    reference: description.reference))
        }
    }
}
