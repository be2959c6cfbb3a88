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
        let root = "https://\(domain)/"
        // robots.txt first: it gates the crawl and names sitemaps.
        let robotsURL = root + "robots.txt"
        let robotsExchange = await fetcher.fetch(request(robotsURL, maxBytes: Robots.maximumBytes))
        var robots = Robots.allowAll
        if robotsExchange.httpStatus == 200 { robots = Robots(parsing: robotsExchange.body) }
        var frontier = CrawlFrontier(domain: domain, options: options, robots: robots)
        var result = CrawlResult()
        var interrupted = false
        frontier.add(CurlURL.resolve(root, against: root), foundOn: nil, depth: 0)
        await readSitemaps(robots.sitemaps + [root + "sitemap.xml"], root: root, into: &frontier)

        let delay = frontier.delay
        let concurrency = frontier.concurrency
        // Fetches report back through one stream: the loop drains whatever finished in a batch, with no task
        // or continuation per page.
        let (finished, sink) = AsyncStream.makeStream(of: (Int, CrawlFrontier.Job, Exchange).self)
        let inFlight = InFlight()
        // Pages are parsed on their own thread while they download, beside the fetch loop and the crawl loop.
        let scanQueue = DispatchQueue(label: "aasa-audit page scan")
        let backlog = ScanBacklog(limit: options.scanBacklogBytes)
        await withTaskCancellationHandler {
            var next = 0
            func startNext() -> Bool {
                guard !Task.isCancelled, let job = frontier.next() else { return false }
                let number = next
                next += 1
                inFlight.add(
                    number,
                    fetcher.start(pageRequest(job.url, scanQueue: scanQueue, backlog: backlog)) { exchange in
                        guard let pending = exchange.consumed?.value as? LinkScanner.PendingScan else {
                            sink.yield((number, job, exchange))
                            return
                        }
                        pending.links { links in
                            var scanned = exchange
                            scanned.consumed = Consumed(links)
                            sink.yield((number, job, scanned))
                        }
                    })
                if Task.isCancelled { inFlight.cancelAll() }
                return true
            }
            while inFlight.count < concurrency && startNext() {}
            guard inFlight.count > 0 else { return }
            for await (number, job, exchange) in finished {
                inFlight.remove(number)
                if exchange.failure == .cancelled || Task.isCancelled {
                    interrupted = true
                } else {
                    options.progress?.pageDone()
                    if let pause = take(job, exchange, into: &frontier, &result) {
                        try? await Task.sleep(for: .seconds(pause))
                    }
                    if delay > 0 { try? await Task.sleep(for: .seconds(delay)) }
                    while inFlight.count < concurrency && startNext() {}
                }
                if inFlight.count == 0 { break }
            }
        } onCancel: {
            inFlight.cancelAll()
        }
        sink.finish()
        // Cancelled between pages (in a Crawl-delay or Retry-After pause): nothing in flight came back cancelled.
        if Task.isCancelled { interrupted = true }
        frontier.finish(interrupted: interrupted, into: &result)
        return result
    }

    /// A page request whose body is scanned on `scanQueue` while it arrives and not kept.
    func pageRequest(_ url: String, scanQueue: DispatchQueue, backlog: ScanBacklog) -> FetchRequest {
        FetchRequest(
            url: url, location: .page,
            policy: .crawledPage(userAgent: options.userAgent, maxBytes: options.pageBytes),
            consumer: { type in
                guard let type, Crawler.isHTML(type) else { return nil }
                return LinkScanner.QueuedStream(charset: Crawler.charset(type), queue: scanQueue, backlog: backlog)
            })
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

    /// robots.txt or a sitemap, kept whole to be parsed.
    func request(_ url: String, maxBytes: Int) -> FetchRequest {
        FetchRequest(url: url, location: .page, policy: .crawlFile(userAgent: options.userAgent, maxBytes: maxBytes))
    }

    /// Sitemaps and sitemap indexes (at most 20 files, two levels), each file read once.
    /// Their pages are queued at depth 1, resolved against the site's root.
    func readSitemaps(_ urls: [String], root: String, into frontier: inout CrawlFrontier) async {
        var queue = urls.map { ($0, 0) }
        var seen = Set<String>()
        var read = 0
        while !queue.isEmpty && read < 20 {
            let (url, level) = queue.removeFirst()
            guard seen.insert(url).inserted else { continue }
            read += 1
            let exchange = await fetcher.fetch(request(url, maxBytes: 10 * 1024 * 1024))
            guard exchange.httpStatus == 200, !exchange.body.isEmpty else { continue }
            let parsed = Sitemap.parse(Sitemap.gunzipped(exchange.body) ?? exchange.body)
            if parsed.isIndex {
                if level < 2 { queue += parsed.locations.map { ($0, level + 1) } }
            } else {
                for location in parsed.locations {
                    frontier.add(CurlURL.resolve(location, against: root), foundOn: "sitemap \(url)", depth: 1)
                }
            }
        }
    }

    /// Takes in one fetched page: its status or why it failed, a redirect's target or the page's links into the
    /// frontier, its Smart App Banner. Returns seconds to pause when the server asked to slow down.
    func take(
        _ job: CrawlFrontier.Job, _ e: Exchange, into frontier: inout CrawlFrontier, _ result: inout CrawlResult
    ) -> Double? {
        let position = Int(job.position)
        frontier.urls.setStatus(e.httpStatus, at: position)
        if let status = e.httpStatus, status == 429 || status == 503, !job.retried {
            frontier.retry(job)
            let retryAfter = e.header("Retry-After").flatMap(Double.init) ?? 2
            return min(max(retryAfter, 1), 30)
        }
        result.pagesFetched += 1
        guard let status = e.httpStatus, e.failure == nil else {
            frontier.urls.setNote("fetch failed: \(e.error ?? e.failure?.rawValue ?? "?")", at: position)
            result.pageErrors.append(PageError(url: job.url, status: nil, error: e.error ?? e.failure?.rawValue))
            return nil
        }
        if (300..<400).contains(status) {
            guard let target = e.redirectTo else { return nil }
            if Int(job.redirects) < options.maxRedirects {
                frontier.urls.setNote("redirects to \(target)", at: position)
                frontier.add(
                    CurlURL.resolve(target, against: job.url), foundOn: job.url, depth: job.level,
                    redirects: Int(job.redirects) + 1)
            } else {
                frontier.urls.setNote(
                    "redirects to \(target): not followed, more than \(options.maxRedirects) redirects", at: position)
            }
            return nil
        }
        if status >= 400 {
            result.pageErrors.append(PageError(url: job.url, status: status, error: nil))
            return nil
        }
        guard let type = e.contentType, Crawler.isHTML(type) else {
            frontier.urls.setNote("not HTML (\(e.mediaType ?? "no type")): links not read", at: position)
            return nil
        }
        // Scanned while it arrived; fetchers that cannot stream hand back the body instead.
        let page =
            e.consumed?.value as? PageLinks ?? LinkScanner.scan(e.body, charset: Crawler.charset(e.contentType))
        if let banner = page.smartBanner { result.banners.append(BannerSighting(page: job.url, content: banner)) }
        let pageURL = CurlURL.Base(job.url)
        var base = pageURL
        if let declared = page.base, case .web(let url, _, _) = CurlURL.resolve(declared, against: pageURL) {
            base = CurlURL.Base(url)
        }
        for link in page.links {
            // Resolved against <base>, recorded with the page it was found on.
            frontier.add(CurlURL.resolve(link.href, against: base), foundOn: job.url, depth: job.level + 1)
        }
        return nil
    }
}
