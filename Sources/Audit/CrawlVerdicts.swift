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
}
