import Foundation

/// Pages that fail while crawling, summarised per domain.
public enum CrawlPageError: Check {
    public static let description = CheckDescription(
        id: "crawl-page-error", area: .crawl, severity: .warning,
        summary: "Linked pages load",
        rationale:
            "Broken links found while crawling (4xx, 5xx, timeouts) are reported once per domain, summarised by cause.",
        reference: AppleDocs.tn3155)

    public static let examples = Examples<CrawlEvidence>.crawlFailing(
        ExampleCrawl.evidence(errors: [
            PageError(url: "https://example.com/gone", status: 404, error: nil),
            PageError(url: "https://example.com/slow", status: nil, error: "Operation timed out"),
        ]),
        at: ["https://example.com/"])

    public static func run(_ evidence: CrawlEvidence, into findings: inout FindingSink) {
        guard !evidence.pageErrors.isEmpty else { return }
        var causes: [String: Int] = [:]
        // Pages fail in the order their fetches finish, which differs between two crawls of one site: the examples
        // are the first five in byte order of URL, so the same failures read the same.
        var examples: [String] = []
        for error in evidence.pageErrors {
            causes[error.status.map { "HTTP \($0)" } ?? (error.error ?? "failed"), default: 0] += 1
            examples.insert(error.url, keepingFirst: 5) { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        }
        let summary = causes.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }.map {
            "\($0.key) ×\($0.value)"
        }
        findings.append(
            Finding(
                id: description.id, severity: description.severity,
                message:
                    "\(evidence.pageErrors.count) page(s) failed: \(summary.joined(separator: ", ")); for example \(examples.joined(separator: ", ")).",
                location: FindingLocation(url: "https://\(evidence.domain)/"),
                why: "Broken links lead users nowhere, in the app or on the web; the urls table lists each one.",
                hint: "Fix or remove the links; the report's URL table says where each was found.",
                reference: description.reference))
    }
}
