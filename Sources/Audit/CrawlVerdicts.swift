import AASA
import Foundation

/// Turns a crawl into per-URL verdicts under the site's own file.
public enum CrawlVerdicts {
    /// The crawl's URLs, judged by the domain's own file when it has a usable one (unless `stop` is set and they
    /// are too many to judge quickly).
    public static func evidence(
        domain: String, file: DecodedFile?, result: CrawlResult, stop: StopSignal = .never
    ) -> CrawlEvidence {
        var evidence = CrawlEvidence(
            domain: domain, file: file, urls: result.urls, banners: result.banners, pageErrors: result.pageErrors,
            complete: result.stoppedBecause == .complete)
        evidence.urls.stop = stop
        evidence.urls.crawled(domain)
        if let matcher = evidence.matcher { evidence.urls.judge(host: domain, by: matcher) }
        return evidence
    }

    /// Links from one audited site to another get the other site's verdicts, or "no" when it serves no file.
    public static func crossDomain(_ reports: inout [DomainReport]) {
        // Only sites some crawl linked to need a matcher; most runs have no crawl at all.
        var linked = Set<String>()
        for report in reports { linked.formUnion(report.urls.hosts()) }
        var matchers: [String: Matcher?] = [:]
        for report in reports where linked.contains(report.domain) {
            matchers[report.domain] = report.servedMatcher
        }
        for r in reports.indices where !reports[r].urls.isEmpty {
            for (host, matcher) in matchers where host != reports[r].domain {
                if let matcher {
                    reports[r].urls.judge(host: host, by: matcher)
                } else {
                    reports[r].urls.servesNoFile(host)
                }
            }
        }
    }
}
