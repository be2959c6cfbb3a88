import AASA
import Fetching
import Foundation

/// Crawls one site breadth-first from `/` and its sitemaps, within the options' caps and robots.txt: robots.txt
/// first, then the sitemaps, then the fetch loop, each page's links handed from the scan queue to the frontier.
public struct Crawler: SiteCrawling {
    public var fetcher: any HTTPFetching
    public var options: CrawlOptions

    public init(fetcher: any HTTPFetching, options: CrawlOptions = CrawlOptions()) {
        self.fetcher = fetcher
        self.options = options
    }

    public func crawl(_ domain: String) async -> CrawlResult {
        let budget = Crawler.finite(options.crawlTime, default: CrawlOptions.standard.crawlTime, upTo: 86_400 * 365)
        let deadline = ContinuousClock.now + .seconds(budget)
        var result = CrawlResult()
        result.inlinks = InlinkRecorder(spool: options.inlinks, site: domain)
        var frontier = await begin(domain, deadline: deadline, budget: budget, notes: &result.notes)
        var interrupted = await fetchPages(
            domain, deadline: deadline, budget: budget, frontier: &frontier, result: &result)
        // Cancelled between pages (in a Crawl-delay or Retry-After pause): nothing in flight came back cancelled.
        if Task.isCancelled { interrupted = true }
        frontier.finish(interrupted: interrupted, into: &result)
        result.inlinks.flush()
        return result
    }

    /// robots.txt first (it gates the crawl and names sitemaps), then the frontier seeded with `/` and the sitemaps'
    /// pages.
    func begin(
        _ domain: String, deadline: ContinuousClock.Instant, budget: Double, notes: inout [String]
    ) async -> CrawlFrontier {
        let root = "https://\(domain)/"
        let (robots, robotsNote) = await readRobots(domain: domain, deadline: deadline)
        if let robotsNote { notes.append(robotsNote) }
        let unavailable = robots == Robots.disallowAll && robotsNote != nil
        var frontier = CrawlFrontier(
            domain: domain, options: options, robots: robots,
            robotsUnavailable: unavailable ? robotsNote.map(Crawler.unavailableRowNote) : nil)
        if let capped = frontier.crawlDelayCapped {
            notes.append(
                "robots.txt asks for a Crawl-delay of \(Crawler.seconds(capped.asked)) s; "
                    + "\(Crawler.seconds(capped.honoured)) s was honoured (--max-crawl-delay)")
        }
        frontier.add(LinkResolver.resolve(root, against: root), foundOn: nil, depth: 0, linkDepth: 0)
        // Sitemaps are read unless robots.txt was unavailable (5xx, no answer): a site that disallows everything in
        // its robots.txt still has its sitemap pages recorded, as before.
        if !unavailable {
            await readSitemaps(
                robots.sitemaps + [root + "sitemap.xml"], root: root, deadline: deadline, into: &frontier,
                notes: &notes)
        }
        // The budget ran out in robots.txt or the sitemaps: the report says so, whatever is queued.
        if ContinuousClock.now >= deadline && !Task.isCancelled { frontier.ranOutOfTime = Int(budget.rounded()) }
        return frontier
    }

    /// The fetch loop: pages fetched up to the frontier's concurrency until it is empty, the deadline passes or the
    /// task is cancelled; true when a cancellation (not the deadline) cut it short.
    func fetchPages(
        _ domain: String, deadline: ContinuousClock.Instant, budget: Double, frontier: inout CrawlFrontier,
        result: inout CrawlResult
    ) async -> Bool {
        var interrupted = false
        var retryAfterNoted = false
        let concurrency = frontier.concurrency
        // Fetches report back through one stream: the loop drains whatever finished in a batch, with no task
        // or continuation per page.
        let (finished, sink) = AsyncStream.makeStream(of: (Int, CrawlFrontier.Job, Exchange, PageLinks?).self)
        defer { sink.finish() }
        let inFlight = InFlight()
        // Pages are parsed on their own thread while they download, beside the fetch loop and the crawl loop.
        let scanQueue = DispatchQueue(label: "aasa-audit page scan")
        let backlog = ScanBacklog(limit: options.scanBacklogBytes)
        await withTaskCancellationHandler {
            var next = 0
            // Pages fetched from the linked queue still downloading or being scanned (`CrawlFrontier.next`).
            var linkedInFlight = 0
            func startNext() -> Bool {
                guard !Task.isCancelled else { return false }
                guard ContinuousClock.now < deadline else {
                    if frontier.queued > 0 { frontier.ranOutOfTime = Int(budget.rounded()) }
                    return false
                }
                guard let job = frontier.next(linkedInFlight: linkedInFlight > 0) else { return false }
                if !job.deferred { linkedInFlight += 1 }
                let number = next
                next += 1
                let scan = ConsumerOutput<LinkScanner.PendingScan>()
                inFlight.add(
                    number,
                    fetcher.start(
                        pageRequest(job.url, domain: domain, scanQueue: scanQueue, backlog: backlog, into: scan)
                    ) { exchange in
                        guard let pending = scan.value else {
                            sink.yield((number, job, exchange, nil))
                            return
                        }
                        pending.links { links in sink.yield((number, job, exchange, links)) }
                    })
                if Task.isCancelled { inFlight.cancelAll() }
                return true
            }
            while inFlight.count < concurrency && startNext() {}
            guard inFlight.count > 0 else { return }
            // At the deadline the pages still downloading are cancelled as well: the budget bounds the whole crawl,
            // not only when the last page starts.
            let timer = Task {
                try? await Task.sleep(until: deadline, clock: .continuous)
                if !Task.isCancelled { inFlight.cancelAll() }
            }
            defer { timer.cancel() }
            for await (number, job, exchange, links) in finished {
                inFlight.remove(number)
                if !job.deferred { linkedInFlight -= 1 }
                let page = Page(job: job, exchange: exchange, links: links)
                switch await settle(
                    page, deadline: deadline, budget: budget, frontier: &frontier, result: &result,
                    retryAfterNoted: &retryAfterNoted)
                {
                case .interrupted: interrupted = true
                case .outOfTime: break
                case .taken: while inFlight.count < concurrency && startNext() {}
                }
                if inFlight.count == 0 { break }
            }
        } onCancel: {
            inFlight.cancelAll()
        }
        return interrupted
    }

    /// A fetched page as the fetch loop hands it back: its job, its exchange and the links its scan found.
    struct Page {
        var job: CrawlFrontier.Job
        var exchange: Exchange
        var links: PageLinks?
    }

    /// What became of a page that came back.
    enum Settled {
        /// The task was cancelled, or a signal cancelled its fetch before the deadline.
        case interrupted
        /// The deadline cancelled its fetch: its row says it was not crawled.
        case outOfTime
        /// Its links went to the frontier (after any Retry-After or Crawl-delay pause): the next pages may start.
        case taken
    }

    /// Takes one page that came back into the frontier and the result, then waits out the pause it or the site
    /// asks for.
    func settle(
        _ page: Page, deadline: ContinuousClock.Instant, budget: Double, frontier: inout CrawlFrontier,
        result: inout CrawlResult, retryAfterNoted: inout Bool
    ) async -> Settled {
        if Task.isCancelled { return .interrupted }
        let job = page.job
        if page.exchange.failure == .cancelled {
            guard ContinuousClock.now >= deadline else { return .interrupted }
            let stop = CrawlStop.crawlTime(Int(budget.rounded()))
            frontier.ranOutOfTime = Int(budget.rounded())
            frontier.urls.setNotes([.notCrawled("\(stop)")], at: Int(job.position))
            return .outOfTime
        }
        options.progress?.pageDone()
        let pause = take(job, page.exchange, scanned: page.links, into: &frontier, &result) {
            Task.isCancelled || ContinuousClock.now >= deadline
        }
        if let pause {
            if pause.asked > pause.waited && !retryAfterNoted {
                retryAfterNoted = true
                result.notes.append(
                    "\(job.url) asked to be retried after \(Crawler.seconds(pause.asked)) s "
                        + "(Retry-After); at most \(Crawler.seconds(pause.waited)) s is waited")
            }
            await Crawler.sleep(pause.waited, until: deadline)
        }
        if frontier.delay > 0 { await Crawler.sleep(frontier.delay, until: deadline) }
        return .taken
    }

    /// A page request whose body is scanned on `scanQueue` while it arrives and not kept; the scan waits in `scan`.
    func pageRequest(
        _ url: String, domain: String, scanQueue: DispatchQueue, backlog: ScanBacklog,
        into scan: ConsumerOutput<LinkScanner.PendingScan>
    ) -> FetchRequest {
        var policy = FetchPolicy.crawledPage(userAgent: options.userAgent, maxBytes: options.pageBytes)
        policy.guardsAddresses = Crawler.guards(url, domain: domain)
        var request = FetchRequest(url: url, location: .page, policy: policy)
        request.consume(
            with: { type -> LinkScanner.QueuedStream? in
                guard let type, Crawler.isHTML(type) else { return nil }
                return LinkScanner.QueuedStream(charset: Crawler.charset(type), queue: scanQueue, backlog: backlog)
            }, into: scan)
        return request
    }

    /// text/html or application/xhtml+xml, read off the bytes (asked once per crawled page).
    static func isHTML(_ contentType: String) -> Bool {
        let media = contentType.utf8.prefix { $0 != UInt8(ascii: ";") }.drop { $0 == 0x20 || $0 == 0x09 }
        let trimmed = media.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
        let lower = trimmed.map(ASCII.lower)
        return lower.elementsEqual("text/html".utf8) || lower.elementsEqual("application/xhtml+xml".utf8)
    }

    /// The charset parameter of a Content-Type.
    static func charset(_ contentType: String?) -> String? {
        contentType.flatMap { LinkScanner.charsetParameter(in: Array($0.utf8)) }
    }

    /// A sitemap, scanned while it arrives and not kept (a gzip one is kept compressed): `SitemapStream`, whose
    /// outcome waits in `outcome`.
    func sitemapRequest(
        _ url: String, domain: String, into outcome: ConsumerOutput<SitemapStream.Outcome>
    ) -> FetchRequest {
        var policy = FetchPolicy.crawledPage(userAgent: options.userAgent, maxBytes: Sitemap.maximumBytes + 1)
        policy.guardsAddresses = Crawler.guards(url, domain: domain)
        var request = FetchRequest(url: url, location: .page, policy: policy)
        request.consume(with: { _ in SitemapStream() }, into: outcome)
        return request
    }

    /// robots.txt, kept whole to be parsed.
    func request(_ url: String, domain: String, maxBytes: Int) -> FetchRequest {
        var policy = FetchPolicy.crawlFile(userAgent: options.userAgent, maxBytes: maxBytes)
        policy.guardsAddresses = Crawler.guards(url, domain: domain)
        return FetchRequest(url: url, location: .page, policy: policy)
    }

    /// Whether a crawl's fetch of `url` guards its addresses: the user named the audited host; any other host the
    /// crawl reaches (the www/apex counterpart a robots.txt redirect names, a subdomain with --include-subdomains)
    /// was named by the site, and must not lead to this machine or its private networks.
    static func guards(_ url: String, domain: String) -> Bool { URLAuthority.httpHost(of: url) != domain }

    /// Sleeps `seconds` or until `deadline`, whichever comes first; a cancelled task wakes at once.
    static func sleep(_ seconds: Double, until deadline: ContinuousClock.Instant) async {
        let left = deadline - ContinuousClock.now
        guard left > .zero, seconds > 0, seconds.isFinite else { return }
        try? await Task.sleep(for: min(.seconds(seconds), left))
    }

    /// `value` when finite and at least 0, at most `upTo`; else `default`. Options reach the crawler from code as
    /// well as from the command line, and `Duration.seconds` traps on nan and infinity.
    static func finite(_ value: Double, default fallback: Double, upTo limit: Double) -> Double {
        value.isFinite ? min(max(value, 0), limit) : fallback
    }

    /// Seconds for a note: whole numbers without a fraction.
    static func seconds(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// robots.txt (RFC 9309 §2.3.1): 2xx is read; 4xx means no restrictions; 5xx or no answer means a complete
    /// disallow. Redirects are followed up to 5 while they stay on the audited host or its www/apex counterpart
    /// over https on port 443; one elsewhere is not followed and counts as unavailable (no restrictions). The note
    /// says what the report should about it. Every fetch ends at `deadline` (the crawl budget).
    func readRobots(
        domain: String, deadline: ContinuousClock.Instant = .now + .seconds(86_400)
    ) async -> (
        Robots, String?
    ) {
        let counterpart = domain.hasPrefix("www.") ? String(domain.dropFirst(4)) : "www." + domain
        let scopes = [domain, counterpart].map { CrawlScope(domain: $0, includeSubdomains: false) }
        var url = "https://\(domain)/robots.txt"
        for hop in 0...Crawler.robotsRedirects {
            let exchange = await fetcher.fetch(
                request(url, domain: domain, maxBytes: Robots.maximumBytes), before: deadline)
            if Task.isCancelled { return (.allowAll, nil) }
            if exchange.failure == .cancelled {
                return (
                    .allowAll,
                    ContinuousClock.now >= deadline ? "robots.txt was still arriving when --crawl-time ran out" : nil
                )
            }
            if exchange.failure == .refused, let why = exchange.error {
                // A redirect to the counterpart, which resolves to this machine or a private network: robots.txt is
                // unavailable there, as for a redirect off the site (no restrictions), and the note says why.
                return (.allowAll, "robots.txt redirects to \(url), not followed: \(why); crawled without restrictions")
            }
            guard let status = exchange.httpStatus, exchange.failure == nil else {
                let why = exchange.error ?? exchange.failure?.rawValue ?? "no answer"
                return (.disallowAll, "robots.txt could not be fetched (\(why)): nothing was crawled (RFC 9309)")
            }
            switch status {
            case 200..<300:
                return (Robots(parsing: exchange.body, productToken: Robots.productToken(of: options.userAgent)), nil)
            case 300..<400:
                guard let target = exchange.redirectTo else { return (.allowAll, nil) }
                guard hop < Crawler.robotsRedirects else {
                    return (.allowAll, "robots.txt: more than \(Crawler.robotsRedirects) redirects, read as none")
                }
                guard case .web(_, let next) = LinkResolver.resolve(target, against: url),
                    scopes.contains(where: { $0.refusal(next) == nil })
                else {
                    return (
                        .allowAll,
                        "robots.txt redirects to \(target), off the site: not followed, crawled without restrictions"
                    )
                }
                url = next
            case 400..<500:
                return (.allowAll, nil)
            case 500...:
                return (.disallowAll, "robots.txt answered \(status): nothing was crawled (RFC 9309)")
            default:
                return (.allowAll, nil)
            }
        }
        return (.allowAll, nil)
    }

    /// A row's reason for a URL robots.txt held back when it could not be read: the domain's note without its
    /// "nothing was crawled" tail, e.g. "robots.txt could not be fetched (certificate not trusted)".
    static func unavailableRowNote(_ note: String) -> String {
        let tail = ": nothing was crawled (RFC 9309)"
        let reason = note.hasSuffix(tail) ? String(note.dropLast(tail.count)) : note
        return reason + ", read as a complete disallow (RFC 9309)"
    }

    /// RFC 9309 §2.3.1.2: at least five redirects are followed for robots.txt.
    static let robotsRedirects = 5
    /// Sitemap and sitemap index files read per site.
    static let sitemapFiles = 20

    /// Sitemaps and sitemap indexes (at most 20 files, two levels), each file read once, within the protocol's
    /// limits. One on another host, port or scheme is named in a note and not fetched. Their pages are queued at
    /// depth 1, resolved against the site's root.
    func readSitemaps(
        _ urls: [String], root: String, deadline: ContinuousClock.Instant, into frontier: inout CrawlFrontier,
        notes: inout [String]
    ) async {
        var queue = urls.map { ($0, 0, "robots.txt") }
        var seen = Set<String>()
        var read = 0
        var elsewhere: [String] = []
        func stopped() -> Bool { Task.isCancelled || ContinuousClock.now >= deadline }
        while !queue.isEmpty && read < Crawler.sitemapFiles && !stopped() {
            let (reference, level, namedBy) = queue.removeFirst()
            guard case .web(_, let url) = LinkResolver.resolve(reference, against: root),
                seen.insert(url).inserted
            else { continue }
            if frontier.scope.refusal(url) != nil {
                elsewhere.append("\(url) (named by \(namedBy))")
                continue
            }
            read += 1
            let outcome = ConsumerOutput<SitemapStream.Outcome>()
            let exchange = await fetcher.fetch(
                sitemapRequest(url, domain: frontier.scope.domain, into: outcome), before: deadline)
            if exchange.failure == .cancelled && ContinuousClock.now >= deadline {
                notes.append("sitemap \(url) was still arriving when --crawl-time ran out")
            }
            guard exchange.httpStatus == 200 else { continue }
            let parsed: Sitemap.Parsed
            switch outcome.value {
            case .parsed(let streamed): parsed = streamed
            case .gzip(let compressed):
                parsed = Sitemap.parse(Sitemap.gunzipped(compressed) ?? [], shouldStop: stopped)
            case nil:
                // Fetchers that cannot stream hand back the body instead.
                guard !exchange.body.isEmpty else { continue }
                parsed = Sitemap.parse(Sitemap.gunzipped(exchange.body) ?? exchange.body, shouldStop: stopped)
            }
            if let cut = parsed.cut, cut != .stopped { notes.append("sitemap \(url): \(cut)") }
            if parsed.isIndex {
                if level < 2 {
                    let room = max(0, Crawler.sitemapFiles * 2 - queue.count)
                    queue += parsed.locations.prefix(room).map { ($0, level + 1, "sitemap index \(url)") }
                }
            } else {
                for (i, location) in parsed.locations.enumerated() {
                    if i & 255 == 255 && stopped() { break }
                    frontier.add(LinkResolver.resolve(location, against: root), foundOn: "sitemap \(url)", depth: 1)
                }
            }
        }
        if !elsewhere.isEmpty {
            let shown = elsewhere.prefix(5).joined(separator: ", ")
            let more = elsewhere.count > 5 ? " and \(elsewhere.count - 5) more" : ""
            notes.append("sitemaps off the audited site, recorded and not fetched: \(shown)\(more)")
        }
    }

    /// Takes in one fetched page: its status or why it failed, a redirect's target or the page's links into the
    /// frontier, its Smart App Banner. `scanned`: the links read while it arrived (nil: scanned here from the body,
    /// which fetchers that cannot stream hand back). Returns the pause the server asked for and the one to wait when
    /// it asked to slow down.
    func take(
        _ job: CrawlFrontier.Job, _ e: Exchange, scanned: PageLinks? = nil, into frontier: inout CrawlFrontier,
        _ result: inout CrawlResult,
        shouldStop: () -> Bool = { false }
    ) -> (asked: Double, waited: Double)? {
        let position = Int(job.position)
        frontier.fetched(e, at: position)
        if let status = e.httpStatus, status == 429 || status == 503, !job.retried {
            frontier.retry(job)
            let asked = RetryAfter.seconds(e.header("Retry-After")) ?? 2
            let cap = Crawler.finite(options.maxRetryAfter, default: CrawlOptions.standard.maxRetryAfter, upTo: 3_600)
            return (asked, min(max(asked, 1), max(cap, 1)))
        }
        result.pagesFetched += 1
        guard let status = e.httpStatus, e.failure == nil else {
            frontier.urls.setNotes([.fetchFailed(e.error ?? e.failure?.rawValue ?? "?")], at: position)
            result.pageErrors.append(PageError(url: job.url, status: nil, error: e.error ?? e.failure?.rawValue))
            return nil
        }
        if (300..<400).contains(status) {
            if let target = e.redirectTo { takeRedirect(job, to: target, into: &frontier, &result) }
            return nil
        }
        if status >= 400 {
            result.pageErrors.append(PageError(url: job.url, status: status, error: nil))
            return nil
        }
        guard let type = e.contentType, Crawler.isHTML(type) else {
            frontier.urls.setNotes([.notHTML(mediaType: e.mediaType ?? "no type")], at: position)
            return nil
        }
        // Scanned while it arrived; fetchers that cannot stream hand back the body instead.
        let page = scanned ?? LinkScanner.scan(e.body, charset: Crawler.charset(e.contentType))
        if let banner = page.smartBanner { result.banners.append(BannerSighting(page: job.url, content: banner)) }
        guard let pageURL = LinkResolver.Base(job.url, charset: page.charset) else { return nil }
        let base = pageURL.declaring(page.base)
        if let name = pageURL.unsupportedCharset {
            frontier.urls.addNote(.queriesEncodedAsUTF8(charset: name), at: position)
        }
        takeLinks(page.links, of: job, base: base, into: &frontier, &result, shouldStop: shouldStop)
        return nil
    }

    /// A 3xx page's target: its row's `redirect_to` (as the crawl follows it, so it matches that URL's own row; as
    /// sent when it is no web URL), then a new row unless the chain is already `maxRedirects` long.
    private func takeRedirect(
        _ job: CrawlFrontier.Job, to target: String, into frontier: inout CrawlFrontier, _ result: inout CrawlResult
    ) {
        let position = Int(job.position)
        let resolved = LinkResolver.resolve(target, against: job.url)
        if case .web(let url, _) = resolved {
            frontier.urls.setRedirect(url, at: position)
        } else {
            frontier.urls.setRedirect(target, at: position)
        }
        guard Int(job.redirects) < options.maxRedirects else {
            frontier.urls.setNotes([.redirectNotFollowed(limit: options.maxRedirects)], at: position)
            return
        }
        // A redirect is no link: the target is as far from the start page as the URL that redirects.
        let row = frontier.add(
            resolved, foundOn: job.url, page: job.position, depth: job.level,
            linkDepth: frontier.urls.depth(at: position),
            redirects: Int(job.redirects) + 1)
        if case .web(let url, _) = resolved {
            result.inlinks.record(
                Inlink(
                    from: job.url, to: url, href: target, depth: frontier.urls.depth(at: position), type: "redirect",
                    row: row ?? -1))
        }
    }

    /// A page's links, resolved against `base` (its `<base>`), into the frontier as rows and into the inlinks.
    private func takeLinks(
        _ links: [PageLinks.Link], of job: CrawlFrontier.Job, base: LinkResolver.Base,
        into frontier: inout CrawlFrontier,
        _ result: inout CrawlResult, shouldStop: () -> Bool
    ) {
        // Same-document links (`#specs`, or the page's own URL with a fragment) are no other page: no row, no fetch.
        let pageKey = job.url.utf8.firstIndex(of: UInt8(ascii: "#")).map { String(job.url[..<$0]) } ?? job.url
        let pageDepth = frontier.urls.depth(at: Int(job.position))
        let linkDepth = pageDepth.map { $0 + 1 }
        frontier.startPage()
        for (i, link) in links.enumerated() {
            // A page of 100,000 links checked against a robots.txt of thousands of rules takes a while: SIGINT and
            // the crawl budget are looked at every 256 links.
            if i & 255 == 255 && shouldStop() { break }
            let resolved = LinkResolver.resolve(link.href, against: base)
            if case .web(_, let key) = resolved, key == pageKey { continue }
            let row = frontier.add(
                resolved, foundOn: job.url, page: job.position, depth: job.level + 1, linkDepth: linkDepth,
                anchorText: link.text,
                reference: link.href)
            if let row { frontier.countInlink(to: row) }
            if case .web(let url, _) = resolved {
                result.inlinks.record(
                    Inlink(
                        from: job.url, to: url, href: link.href, anchorText: link.text ?? "", rel: link.rel ?? "",
                        depth: pageDepth, type: link.kind.rawValue, row: row ?? -1))
            }
        }
    }
}
