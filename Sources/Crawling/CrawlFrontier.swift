import AASA
import Fetching

/// The crawl's frontier: the URLs waiting to be fetched, breadth-first, and the record of every URL found, each
/// once. It decides which URLs are fetched (scope, caps, robots.txt, crawl traps) and notes on each row why one
/// is not. Owned by one crawl's loop alone.
struct CrawlFrontier {
    /// A URL waiting to be fetched; small, since a breadth-first frontier can hold most of a site.
    struct Job {
        var url: String
        /// The URL's row in `urls`.
        var position: Int32
        var depth: Int32
        var redirects: Int8
        var retried = false
        /// Queued with no link distance from the start page yet (a sitemap's URL, a link on such a page): fetched
        /// only once no linked page is waiting or in flight, so a page the links reach is scanned with its depth.
        var deferred = false

        var level: Int { Int(depth) }
    }

    /// Why a URL in scope is recorded but not fetched; `description` is its row's note after "not crawled: ".
    enum Skip: Equatable, CustomStringConvertible {
        case tooLong(limit: Int)
        case tooDeep(limit: Int)
        case robots
        /// robots.txt could not be read (a 5xx, a failed fetch), which RFC 9309 reads as a complete disallow: the
        /// row says why, since "robots.txt disallows it" would blame a file the site may not even have.
        case robotsUnavailable(String)
        case trap(CrawlTrap)

        var description: String {
            switch self {
            case .tooLong(let limit): "URL longer than \(limit) bytes"
            case .tooDeep(let limit): "deeper than --max-depth \(limit)"
            case .robots: "robots.txt disallows it"
            case .robotsUnavailable(let why): why
            case .trap(let trap): trap.description
            }
        }
    }

    let scope: CrawlScope
    let robots: Robots
    /// Why robots.txt could not be read, when it could not: each URL it held back says so.
    let robotsUnavailable: String?
    let maxPages: Int
    let urlCap: Int
    let maxDepth: Int?
    let maxURLLength: Int
    /// Seconds between requests: the option's, or robots.txt's Crawl-delay (at most `maxCrawlDelay`) when larger.
    let delay: Double
    /// The Crawl-delay robots.txt asked for when it was more than `--max-crawl-delay` allowed.
    let crawlDelayCapped: (asked: Double, honoured: Double)?
    /// Fetches in flight at once: one while a delay spaces requests out.
    let concurrency: Int
    private var traps: CrawlTrapDetector

    /// Every URL found, as linked, in the order found; a job's `position` is its row.
    var urls = URLTable()
    private(set) var otherSchemes: [String: Int] = [:]
    private(set) var schemeLinks = SchemeLinks()
    private(set) var robotsDisallowed = 0
    private(set) var trapsSkipped = 0
    /// New URLs found after `urlCap` was reached: counted, not recorded.
    private(set) var urlsNotRecorded = 0
    /// Set once `maxPages` held a queued job back.
    private(set) var reachedMaxPages = false
    /// Set when the crawl's time budget ran out with jobs left: the budget in seconds.
    var ranOutOfTime: Int?

    /// A job as queued: its URL is its row's, read back when it is handed out (12 bytes a job, no string).
    private struct Queued {
        var position: Int32
        var depth: Int32
        var redirects: Int8
        var retried: Bool
    }

    private var jobs: [Queued] = []
    private var head = 0
    /// Jobs whose row had no link depth when queued (`Job.deferred`), breadth-first among themselves.
    private var deferredJobs: [Queued] = []
    private var deferredHead = 0
    /// Jobs handed out and not given back for a retry.
    private var started = 0
    /// Row of each URL by key, as hashes checked against the rows' URLs.
    private var index = URLKeyIndex()
    /// The keys that differ from their row's URL: rows first linked with a fragment (URLs are canonical, so nothing else
    /// differs). Few.
    private var oddKeys: [Int32: String] = [:]
    /// The fragment URLs recorded, with their rows (a page's other URLs are found by key), and each variant's page
    /// key.
    private var linked: [String: Int32] = [:]
    private var variants: [(Int, String)] = []
    /// The linking page (its row) each row's `foundOn` came from, or -1: the start page or a sitemap (read before
    /// any page, so never replaced). Pages arrive in the order their fetches finish, so "first found" would differ
    /// between two crawls of one site; a row keeps instead the link that `ranksBefore` puts first. The link distance
    /// it gave is the row's `depth`, the shortest: a link that gives a shorter one wins.
    private var foundOnPage: [Int32] = []
    /// The link each row's anchor text came from: page -1 when it has none yet.
    private var anchorSource: [Source] = []
    /// A link to a row: the page's row and the link distance from the start page the link gives (`Int32.max` for
    /// none), read when the link was taken in, as the row's depth is.
    private struct Source {
        var page: Int32
        var depth: Int32
        static let none = Source(page: -1, linkDepth: nil)

        init(page: Int32, linkDepth: Int?) {
            self.page = page
            depth = linkDepth.map { Int32(clamping: $0) } ?? .max
        }
    }
    /// Rows the page being taken in links to, so each counts that page once.
    private var rowsLinkedFromPage = Set<Int32>()
    /// Each content type the crawl recorded, once: the rows of a type share its storage instead of a copy each.
    private var contentTypes = Set<String>()

    init(domain: String, options: CrawlOptions, robots: Robots, robotsUnavailable: String? = nil) {
        scope = CrawlScope(domain: domain, includeSubdomains: options.includeSubdomains)
        self.robots = robots
        self.robotsUnavailable = robotsUnavailable
        maxPages = options.maxPages
        urlCap = options.urlCap
        maxDepth = options.maxDepth
        maxURLLength = options.maxURLLength
        let asked = robots.crawlDelay ?? 0
        let honoured = min(asked, options.maxCrawlDelay)
        crawlDelayCapped = asked > honoured ? (asked, honoured) : nil
        delay = max(options.delay, honoured)
        concurrency = delay > 0 ? 1 : max(1, options.perHostConcurrency)
        traps = CrawlTrapDetector(chainLimit: options.chainLimit, parameterCombinations: options.parameterCombinations)
    }

    /// Jobs queued and not yet handed out.
    var queued: Int { jobs.count - head + deferredJobs.count - deferredHead }

    /// Records a link found on `foundOn` (nil for the start page, "sitemap URL" for a sitemap's) once per URL, and
    /// queues it for fetching when it is in scope and passes the caps, robots.txt and the trap defences. `page` is
    /// `foundOn`'s row when it is a crawled page, `depth` the crawl's (for `--max-depth`: a sitemap's URLs count as
    /// one link deep), `linkDepth` the link distance from the start page the row reports (nil for a sitemap's URL),
    /// `anchorText` the link's text (only with `page`: a text ranks by the page it is on), `reference` the href as
    /// written (a custom-scheme link is listed with it). Returns the URL's row, new or found, or nil when it has none.
    @discardableResult
    mutating func add(
        _ resolved: LinkResolver.Resolved, foundOn: String?, page: Int32? = nil, depth: Int, linkDepth: Int? = nil,
        anchorText: String? = nil,
        redirects: Int = 0, reference: String? = nil
    ) -> Int? {
        assert(anchorText == nil || page != nil, "a link's text comes with the page it is on")
        switch resolved {
        case .otherScheme(let scheme):
            otherSchemes[scheme, default: 0] += 1
            if let reference, let foundOn { schemeLinks.record(reference, scheme: scheme, page: foundOn) }
            return nil
        case .invalid:
            return nil
        case .web(let url, let key):
            // Fragments are dropped for fetching but kept for verdicts ("#": "nolink" rules decide on them).
            var url = url
            let hasFragment = url.withUTF8 { $0.firstIndex(of: UInt8(ascii: "#")) != nil }
            if let row = row(of: key) {
                var position = row
                if hasFragment {
                    if let variant = linked[url] {
                        position = Int(variant)
                    } else {
                        position = urls.count
                        linked[url] = Int32(position)
                        urls.append(
                            url: url, foundOn: foundOn, httpStatus: nil, note: .samePage(key),
                            href: reference)
                        recordSources(page: page, linkDepth: linkDepth, anchorText: nil)
                        variants.append((position, key))
                    }
                }
                // The depth before this link: the one `foundOn`'s link gave.
                var held: Int?
                if let linkDepth { held = urls.reached(depth: linkDepth, at: position) }
                if let page {
                    if linkDepth == nil { held = urls.depth(at: position) }
                    offer(
                        foundOn, Source(page: page, linkDepth: linkDepth), heldDepth: held, href: reference,
                        anchorText: anchorText, at: position)
                }
                return position
            }
            guard urls.count < urlCap else {
                urlsNotRecorded += 1
                return nil
            }
            let position = urls.count
            if hasFragment { linked[url] = Int32(position) }
            index.insert(key, row: position)
            if key != url { oddKeys[Int32(position)] = key }
            var note: URLNote?
            if let refusal = scope.refusal(url) {
                note = .outOfScope(refusal.description)
            } else if let skip = skipReason(url: url, depth: depth) {
                note = .notCrawled("\(skip)")
            } else {
                let job = Queued(
                    position: Int32(urls.count), depth: Int32(clamping: depth), redirects: Int8(clamping: redirects),
                    retried: false)
                if linkDepth == nil { deferredJobs.append(job) } else { jobs.append(job) }
            }
            urls.append(
                url: url, foundOn: foundOn, httpStatus: nil, note: note, depth: linkDepth, anchorText: anchorText,
                href: reference)
            recordSources(page: page, linkDepth: linkDepth, anchorText: anchorText)
            return position
        }
    }

    /// Where a new row's `foundOn` and anchor text came from.
    private mutating func recordSources(page: Int32?, linkDepth: Int?, anchorText: String?) {
        foundOnPage.append(page ?? -1)
        if let page, anchorText != nil {
            anchorSource.append(Source(page: page, linkDepth: linkDepth))
        } else {
            anchorSource.append(.none)
        }
    }

    /// Another `link` to the row at `position`, whose depth was `heldDepth` before it: the row takes the link's
    /// page and href when the link ranks before the one they came from, and its text when that ranks before the
    /// one the text came from or the row has none yet. A later link on the same page changes nothing.
    private mutating func offer(
        _ foundOn: String?, _ link: Source, heldDepth: Int?, href: String?, anchorText: String?, at position: Int
    ) {
        let named = foundOnPage[position]
        if named >= 0, named != link.page, ranksBefore(link, Source(page: named, linkDepth: heldDepth)) {
            foundOnPage[position] = link.page
            urls.setFoundOn(foundOn, href: href, at: position)
        }
        guard let anchorText else { return }
        let had = anchorSource[position]
        guard had.page == -1 || (had.page != link.page && ranksBefore(link, had)) else { return }
        anchorSource[position] = link
        urls.setAnchorText(anchorText, at: position)
    }

    /// Whether link `a` ranks before `b` as a row's source: the shorter link distance from the start page, then the
    /// page first in byte order of URLs. Neither depends on the order in which pages were fetched.
    private func ranksBefore(_ a: Source, _ b: Source) -> Bool {
        a.depth != b.depth ? a.depth < b.depth : urls.urlPrecedes(Int(a.page), Int(b.page))
    }

    /// The row recorded for `key`, if any.
    private func row(of key: String) -> Int? {
        index.row(of: key) { row in
            if !oddKeys.isEmpty, let odd = oddKeys[Int32(row)] { return odd == key }
            return urls.hasURL(key, at: row)
        }
    }

    /// Counts a page's link to `row` as an inlink, once per page however often the page links there (`startPage`
    /// begins the next page): a counter per row, and one small set for the page being taken in.
    mutating func countInlink(to row: Int) {
        if rowsLinkedFromPage.insert(Int32(truncatingIfNeeded: row)).inserted { urls.addInlink(at: row) }
    }

    /// What fetching the row at `position` gave: its status and its Content-Type (`ShownContentType`).
    mutating func fetched(_ e: Exchange, at position: Int) {
        let type = ShownContentType.of(e.contentType).map { contentTypes.insert($0).memberAfterInsert }
        urls.updateFacts(at: position) { facts in
            facts.httpStatus = e.httpStatus
            facts.contentType = type
        }
    }

    mutating func startPage() { rowsLinkedFromPage.removeAll(keepingCapacity: true) }

    /// Why a URL in scope is not fetched: its length, depth, robots.txt, or a crawl trap, in that order.
    private mutating func skipReason(url: String, depth: Int) -> Skip? {
        if url.utf8.count > maxURLLength { return .tooLong(limit: maxURLLength) }
        if let maxDepth, depth > maxDepth { return .tooDeep(limit: maxDepth) }
        let parts = PathParts(url)
        if !robots.allows(parts.pathAndQuery) {
            robotsDisallowed += 1
            return robotsUnavailable.map(Skip.robotsUnavailable) ?? .robots
        }
        if let trap = traps.trap(parts, depth: depth) {
            trapsSkipped += 1
            return .trap(trap)
        }
        return nil
    }

    /// The next URL to fetch, breadth-first, linked pages first; nil when none is queued or `maxPages` have been
    /// handed out. A deferred job waits while `linkedInFlight` is true: a page still downloading can link to it, and
    /// a page scanned before its depth is known passes no depth on to the pages it links to.
    mutating func next(linkedInFlight: Bool = false) -> Job? {
        let fromDeferred: Bool
        if head < jobs.count {
            fromDeferred = false
        } else if deferredHead < deferredJobs.count && !linkedInFlight {
            fromDeferred = true
        } else {
            return nil
        }
        guard started < maxPages else {
            reachedMaxPages = true
            return nil
        }
        let queued = fromDeferred ? deferredJobs[deferredHead] : jobs[head]
        let job = Job(
            url: urls.url(at: Int(queued.position)), position: queued.position, depth: queued.depth,
            redirects: queued.redirects, retried: queued.retried, deferred: fromDeferred)
        started += 1
        // Breadth-first, the fetched part only grows: drop it now and then rather than keep every job.
        if fromDeferred {
            deferredHead += 1
            Self.compact(&deferredJobs, head: &deferredHead)
        } else {
            head += 1
            Self.compact(&jobs, head: &head)
        }
        return job
    }

    private static func compact(_ queue: inout [Queued], head: inout Int) {
        if head >= 4_096 && head * 2 >= queue.count {
            queue.removeFirst(head)
            head = 0
        }
    }

    /// Queues a job again, last, for a server that asked to slow down (429, 503); it is fetched once more and counts
    /// once against `maxPages`.
    mutating func retry(_ job: Job) {
        let queued = Queued(position: job.position, depth: job.depth, redirects: job.redirects, retried: true)
        if job.deferred { deferredJobs.append(queued) } else { jobs.append(queued) }
        started -= 1
    }

    /// Why the crawl stopped: interrupted; else the page cap if it held a job back or jobs are left over; the URL
    /// cap before a leftover job when links went unrecorded; else complete.
    func stopReason(interrupted: Bool) -> CrawlStop {
        if interrupted { return .interrupted }
        if let seconds = ranOutOfTime { return .crawlTime(seconds) }
        if reachedMaxPages { return .maxPages(maxPages) }
        if urlsNotRecorded > 0 { return .maxURLs(cap: urlCap, notRecorded: urlsNotRecorded) }
        if queued > 0 { return .maxPages(maxPages) }
        return .complete
    }

    /// Moves the record into `result`: the URLs (a fragment variant with its page's status and type, a URL left
    /// queued noted "not crawled: " and the reason the crawl stopped), the counters and that reason.
    mutating func finish(interrupted: Bool, into result: inout CrawlResult) {
        let stop = stopReason(interrupted: interrupted)
        for (position, key) in variants {
            guard let page = row(of: key) else { continue }
            let fetched = urls.facts(at: page)
            urls.updateFacts(at: position) { facts in
                facts.httpStatus = fetched.httpStatus
                facts.contentType = fetched.contentType
            }
        }
        var table = URLTable()
        swap(&table, &urls)
        if queued > 0 {
            let note = URLNote.notCrawled("\(stop)")
            for job in [jobs[head...], deferredJobs[deferredHead...]].joined() {
                let i = Int(job.position)
                if table.status(at: i) == nil, table.notes(at: i).isEmpty { table.setNotes([note], at: i) }
            }
        }
        result.urls = table
        result.stoppedBecause = stop
        result.otherSchemes = otherSchemes
        result.schemeLinks = schemeLinks
        result.robotsDisallowed = robotsDisallowed
        result.trapsSkipped = trapsSkipped
        result.urlsNotRecorded = urlsNotRecorded
    }
}
