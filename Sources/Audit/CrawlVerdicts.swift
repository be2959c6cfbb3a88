import AASA
import Crawling
import Foundation

/// Turns a crawl into per-URL verdicts under the site's own file.
public enum CrawlVerdicts {
    public static let sameDomainNote =
        "a tap on this link inside Safari, on a page of the same domain, stays in Safari (TN3155)"

    public static func evidence(domain: String, file: [UInt8]?, result: CrawlResult) -> CrawlEvidence {
        let matcher = file.flatMap { DecodedFile(bytes: $0).document }.map(Matcher.init)
        let urls = result.urls.map { found -> URLReport in
            let host = PreparedURL(found.url)?.host ?? ""
            let (verdicts, opens) = host == domain ? CrawlEvidence.verdicts(found.url, matcher: matcher) : ([], nil)
            var note = found.note
            if opens != nil, let page = found.foundOn, PreparedURL(page)?.host == host {
                note = [note, sameDomainNote].compactMap { $0 }.joined(separator: "; ")
            }
            return URLReport(
                url: found.url, foundOn: found.foundOn, httpStatus: found.httpStatus, verdicts: verdicts,
                opensApp: opens,
                note: note)
        }
        return CrawlEvidence(
            domain: domain, file: file, urls: urls, banners: result.banners, pageErrors: result.pageErrors,
            complete: result.stoppedBecause == "complete")
    }

    /// Links from one audited site to another get the other site's verdicts.
    public static func crossDomain(_ reports: inout [DomainReport]) {
        var matchers: [String: Matcher] = [:]
        for report in reports {
            let body = report.fetches.first { $0.location == .wellKnown && $0.httpStatus == 200 }?.body
            if let body, let document = DecodedFile(bytes: body).document {
                matchers[report.domain] = Matcher(document)
            }
        }
        for r in reports.indices {
            for u in reports[r].urls.indices where reports[r].urls[u].verdicts.isEmpty {
                guard let host = PreparedURL(reports[r].urls[u].url)?.host, host != reports[r].domain,
                    let matcher = matchers[host]
                else { continue }
                let result = matcher.verdicts(for: reports[r].urls[u].url)
                reports[r].urls[u].verdicts = result.verdicts
                reports[r].urls[u].opensApp = result.opensApp
            }
        }
    }
}
