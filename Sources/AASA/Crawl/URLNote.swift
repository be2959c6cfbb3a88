/// One note on a crawled URL's row: why it was not fetched, or what happened when it was. A row keeps its notes as
/// a list of these; report.json's `note` (a string by contract) and urls.csv show them joined by `"; "`, rendered
/// at that edge (`URLReport.note`), and the HTML report numbers each shared note by its text.
public enum URLNote: Sendable, Hashable, CustomStringConvertible {
    /// The same page as the row for `page`, reached through another fragment.
    case samePage(String)
    /// In scope but not fetched, and why (a cap, robots.txt, the crawl's end): "not crawled: …".
    case notCrawled(String)
    /// Recorded, not crawled: the crawl's scope leaves its host out (`CrawlScope.Refusal`'s text).
    case outOfScope(String)
    /// The fetch failed, in the fetcher's words.
    case fetchFailed(String)
    /// More redirects than `--max-redirects` allows.
    case redirectNotFollowed(limit: Int)
    /// The page is not HTML (its media type): its links were not read.
    case notHTML(mediaType: String)
    /// The page's charset cannot encode here, so its links' queries were encoded as UTF-8.
    case queriesEncodedAsUTF8(charset: String)
    /// A tap on the link, on a page of the same domain, stays in Safari (TN3155).
    case sameDomainTap
    /// Where Android 14 or lower, Android 11 or lower, or AOSP without Play services would answer differently from
    /// the reference device (`AndroidMatcher.Verdict.notes`), in a run that judged Android.
    case android(String)
    /// A note given as text: a row read back from a report (whose `note` is one string), a check's example.
    case text(String)

    public var description: String {
        switch self {
        case .samePage(let page): "same page as \(page), another fragment"
        case .notCrawled(let reason): "not crawled: \(reason)"
        case .outOfScope(let refusal): refusal
        case .fetchFailed(let reason): "fetch failed: \(reason)"
        case .redirectNotFollowed(let limit): "redirect not followed: more than \(limit) redirects"
        case .notHTML(let type): "not HTML (\(type)): links not read"
        case .queriesEncodedAsUTF8(let charset): "links' queries encoded as UTF-8: \(charset) cannot be encoded here"
        case .sameDomainTap: "a tap on this link inside Safari, on a page of the same domain, stays in Safari (TN3155)"
        case .android(let text): text
        case .text(let text): text
        }
    }

    /// Two notes are the same when they say the same: a row read back from a report (`text`) equals the row written.
    public static func == (lhs: URLNote, rhs: URLNote) -> Bool { lhs.description == rhs.description }

    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// report.json's and urls.csv's `note`: the notes joined by `"; "`, nil when there are none.
    public static func joined(_ notes: [URLNote]) -> String? {
        notes.isEmpty ? nil : notes.map(\.description).joined(separator: "; ")
    }

    /// The notes of a `note` read back from a report: each part its text, so joining them again gives the same
    /// string.
    public static func parts(of note: String?) -> [URLNote] {
        guard let note else { return [] }
        return note.components(separatedBy: "; ").map { .text($0) }
    }
}
