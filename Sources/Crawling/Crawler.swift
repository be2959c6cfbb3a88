import AASA
internal import CHTMLScan
import Fetching
import Foundation
import Synchronization

/// Limits and politeness for one site's crawl.
public struct CrawlOptions: Sendable {
    public var maxPages = 10_000
    /// URLs recorded per site (each costs about 200 bytes until the report is written); links past it are
    /// counted, not kept. Nil: ten per page of `maxPages`, at least 100,000.
    public var maxURLs: Int?
    var urlCap: Int { maxURLs ?? max(100_000, maxPages * 10) }
    public var maxDepth: Int?
    public var perHostConcurrency = 8
    /// Seconds between requests; robots.txt's Crawl-delay applies when larger.
    public var delay: Double = 0
    public var includeSubdomains = false
    public var maxURLLength = 2_048
    public var maxRedirects = 5
    /// Decoded bytes kept per page; the rest of a bigger page is not scanned.
    public var pageBytes = 5 * 1024 * 1024
    /// Page bytes a crawl may have downloaded and not yet scanned (its scan queue's backlog); past it the fetch
    /// loop waits for the scanner. With 64 KiB pieces per page in flight, a crawl holds about 2.5 MiB at most.
    public var scanBacklogBytes = 2 * 1024 * 1024
    /// A chain of pages of one URL pattern, each found only on the previous one, longer than this is a trap
    /// (calendars, endless ?page=); a 40-post "next" chain stays well inside it.
    public var chainLimit = 60
    /// Distinct query-parameter combinations per path before faceted navigation counts as a trap.
    public var parameterCombinations = 25
    public var userAgent = "aasa-audit/0.1 (+https://github.com/aasa-audit; Universal Links audit)"
    /// Counts pages across every crawl of a run, for the progress line.
    public var progress: CrawlProgress?

    public init() {}
}

/// Pages fetched so far by all crawls of a run; read by the terminal's progress line. An atomic: ThreadSanitizer
/// cannot see `Mutex`'s futex ordering on Linux and reported this counter as a race.
public final class CrawlProgress: Sendable {
    private let count = Atomic<Int>(0)

    public init() {}

    func pageDone() { count.add(1, ordering: .relaxed) }

    public var pages: Int { count.load(ordering: .relaxed) }
}

/// The crawl's fetches in flight, cancellable from the cancellation handler's thread.
final class InFlight: Sendable {
    private let handles = Locked([Int: FetchHandle]())

    func add(_ number: Int, _ handle: FetchHandle) { handles.withLock { $0[number] = handle } }
    func remove(_ number: Int) { handles.withLock { _ = $0.removeValue(forKey: number) } }
    var count: Int { handles.withLock { $0.count } }

    func cancelAll() {
        for handle in handles.withLock({ Array($0.values) }) { handle.cancel() }
    }
}

/// Crawls one site breadth-first from `/` and its sitemaps, within the options' caps and robots.txt.
public struct Crawler: SiteCrawling {
    public var fetcher: any HTTPFetching
    public var options: CrawlOptions

    public init(fetcher: any HTTPFetching, options: CrawlOptions = CrawlOptions()) {
        self.fetcher = fetcher
        self.options = options
    }

    /// A URL waiting to be fetched; small, since a breadth-first frontier can hold most of a site.
    struct Job {
        var url: String
        /// The URL's row in the result.
        var position: Int32
        var depth: Int32
        var redirects: Int8
        var retried = false

        var level: Int { Int(depth) }
    }

    public func crawl(_ domain: String) async -> CrawlResult {
        var state = State(domain: domain, options: options)
        let root = "https://\(domain)/"
        // robots.txt first: it gates the crawl and names sitemaps.
        let robotsURL = root + "robots.txt"
        let robotsExchange = await fetcher.fetch(request(robotsURL, maxBytes: Robots.maximumBytes))
        var robots = Robots.allowAll
        if robotsExchange.httpStatus == 200 { robots = Robots(parsing: robotsExchange.body) }
        state.robots = robots
        let delay = max(options.delay, robots.crawlDelay ?? 0)
        state.add(root, foundOn: nil, depth: 0, enqueue: true)
        await readSitemaps(robots.sitemaps + [root + "sitemap.xml"], into: &state)

        let concurrency = delay > 0 ? 1 : max(1, options.perHostConcurrency)
        // Fetches report back through one stream: the loop drains whatever finished in a batch, with no task
        // or continuation per page.
        let (finished, sink) = AsyncStream.makeStream(of: (Int, Job, Exchange).self)
        let inFlight = InFlight()
        // Pages are parsed on their own thread while they download, beside the fetch loop and the crawl loop.
        let scanQueue = DispatchQueue(label: "aasa-audit page scan")
        let backlog = ScanBacklog(limit: options.scanBacklogBytes)
        await withTaskCancellationHandler {
            var next = 0
            func startNext() -> Bool {
                guard !Task.isCancelled, let job = state.nextJob() else { return false }
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
                    state.result.stoppedBecause = "interrupted"
                } else {
                    options.progress?.pageDone()
                    if let pause = state.handle(job, exchange) {
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
        if Task.isCancelled { state.result.stoppedBecause = "interrupted" }
        return state.finish()
    }

    /// A page request whose body is scanned on `scanQueue` while it arrives and not kept.
    func pageRequest(_ url: String, scanQueue: DispatchQueue, backlog: ScanBacklog) -> FetchRequest {
        FetchRequest(
            url: url, location: .page, userAgent: options.userAgent, maxBytes: options.pageBytes,
            consumer: { type in
                guard let type, Crawler.isHTML(type) else { return nil }
                return LinkScanner.QueuedStream(charset: Crawler.charset(type), queue: scanQueue, backlog: backlog)
            }, keepBody: false)
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

    func request(_ url: String, maxBytes: Int) -> FetchRequest {
        FetchRequest(url: url, location: .page, userAgent: options.userAgent, maxBytes: maxBytes)
    }

    /// Sitemaps and sitemap indexes (at most 20 files, two levels), each file read once.
    func readSitemaps(_ urls: [String], into state: inout State) async {
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
                    state.add(location, foundOn: "sitemap \(url)", depth: 1, enqueue: true)
                }
            }
        }
    }

    /// The crawl's mutable state, owned by the crawl loop alone.
    struct State {
        let domain: String
        let options: CrawlOptions
        var robots = Robots.allowAll
        var result = CrawlResult()
        var frontier: [Job] = []
        var head = 0
        /// Row of each URL by key (Int32 rows: a smaller table for a site's worth of URLs).
        var index: [String: Int32] = [:]
        var started = 0
        var chainStart: [String: Int] = [:]
        /// The fragment URLs recorded (a page's other URLs are found by key), and each variant's page key.
        var linked = Set<String>()
        var variants: [(Int, String)] = []
        var combinations: [String: Set<String>] = [:]

        init(domain: String, options: CrawlOptions) {
            self.domain = domain
            self.options = options
        }

        func inScope(_ host: String) -> Bool {
            host == domain || (options.includeSubdomains && host.hasSuffix("." + domain))
        }

        /// Records a link; queues it for fetching when it is in scope and new.
        mutating func add(_ href: String, foundOn: String?, depth: Int, enqueue: Bool, redirects: Int = 0) {
            let base = foundOn.flatMap { $0.hasPrefix("sitemap ") ? nil : $0 } ?? "https://\(domain)/"
            add(
                CurlURL.resolve(href, against: base), foundOn: foundOn, depth: depth, enqueue: enqueue,
                redirects: redirects)
        }

        mutating func add(
            _ resolved: CurlURL.Resolved, foundOn: String?, depth: Int, enqueue: Bool, redirects: Int = 0
        ) {
            switch resolved {
            case .otherScheme(let scheme):
                result.otherSchemes[scheme, default: 0] += 1
            case .invalid:
                break
            case .web(let url, let key, let host):
                // Fragments are dropped for fetching but kept for verdicts ("#": "nolink" rules decide on them).
                var url = url
                let hasFragment = url.withUTF8 { $0.firstIndex(of: UInt8(ascii: "#")) != nil }
                guard index[key] == nil else {
                    if hasFragment, linked.insert(url).inserted {
                        result.urls.append(
                            url: url, foundOn: foundOn, httpStatus: nil, note: "same page as \(key), another fragment")
                        variants.append((result.urls.count - 1, key))
                    }
                    return
                }
                guard result.urls.count < options.urlCap else {
                    result.urlsNotRecorded += 1
                    return
                }
                if hasFragment { linked.insert(url) }
                index[key] = Int32(result.urls.count)
                var note: String?
                if !inScope(host) {
                    note = "other host: recorded, not crawled"
                } else if enqueue {
                    if let skip = skipReason(url: url, depth: depth) {
                        note = "not crawled: \(skip)"
                    } else {
                        frontier.append(
                            Job(
                                url: url, position: Int32(result.urls.count), depth: Int32(clamping: depth),
                                redirects: Int8(clamping: redirects)))
                    }
                }
                result.urls.append(url: url, foundOn: foundOn, httpStatus: nil, note: note)
            }
        }

        /// Why a URL is not fetched: robots.txt, caps and crawl-trap defences.
        mutating func skipReason(url: String, depth: Int) -> String? {
            if url.utf8.count > options.maxURLLength { return "URL longer than \(options.maxURLLength) bytes" }
            if let maxDepth = options.maxDepth, depth > maxDepth { return "deeper than --max-depth \(maxDepth)" }
            let parts = PathParts(url)
            if !robots.allows(parts.pathAndQuery) {
                result.robotsDisallowed += 1
                return "robots.txt disallows it"
            }
            if parts.hasRepeatingSegment {
                result.trapsSkipped += 1
                return "crawl trap (repeating path segments)"
            }
            let shape = parts.shape
            if let first = chainStart[shape] {
                if depth - first > options.chainLimit {
                    result.trapsSkipped += 1
                    return "crawl trap (a chain of more than \(options.chainLimit) \(shape) pages)"
                }
            } else {
                chainStart[shape] = depth
            }
            if !parts.query.isEmpty {
                var combos = combinations[parts.path, default: []]
                combos.insert(parts.names + "=" + parts.query)
                if combos.count > options.parameterCombinations * 4 {
                    result.trapsSkipped += 1
                    return "crawl trap (parameter explosion on \(parts.path))"
                }
                combinations[parts.path] = combos
            }
            return nil
        }

        mutating func nextJob() -> Job? {
            guard head < frontier.count else { return nil }
            guard started < options.maxPages else {
                if result.stoppedBecause == "complete" { result.stoppedBecause = "max-pages (\(options.maxPages))" }
                return nil
            }
            let job = frontier[head]
            head += 1
            started += 1
            // Breadth-first, the fetched part only grows: drop it now and then rather than keep every job.
            if head >= 4_096 && head * 2 >= frontier.count {
                frontier.removeFirst(head)
                head = 0
            }
            return job
        }

        /// Takes in one fetched page; returns seconds to pause when the server asked to slow down.
        mutating func handle(_ job: Job, _ e: Exchange) -> Double? {
            let position = Int(job.position)
            result.urls.setStatus(e.httpStatus, at: position)
            if let status = e.httpStatus, status == 429 || status == 503, !job.retried {
                var again = job
                again.retried = true
                frontier.append(again)
                started -= 1
                let retryAfter = e.header("Retry-After").flatMap(Double.init) ?? 2
                return min(max(retryAfter, 1), 30)
            }
            result.pagesFetched += 1
            guard let status = e.httpStatus, e.failure == nil else {
                result.urls.setNote("fetch failed: \(e.error ?? e.failure?.rawValue ?? "?")", at: position)
                result.pageErrors.append(PageError(url: job.url, status: nil, error: e.error ?? e.failure?.rawValue))
                return nil
            }
            if (300..<400).contains(status) {
                guard let target = e.redirectTo else { return nil }
                if Int(job.redirects) < options.maxRedirects {
                    result.urls.setNote("redirects to \(target)", at: position)
                    add(target, foundOn: job.url, depth: job.level, enqueue: true, redirects: Int(job.redirects) + 1)
                } else {
                    result.urls.setNote(
                        "redirects to \(target): not followed, more than \(options.maxRedirects) redirects",
                        at: position)
                }
                return nil
            }
            if status >= 400 {
                result.pageErrors.append(PageError(url: job.url, status: status, error: nil))
                return nil
            }
            guard let type = e.contentType, Crawler.isHTML(type) else {
                result.urls.setNote("not HTML (\(e.mediaType ?? "no type")): links not read", at: position)
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
                add(CurlURL.resolve(link.href, against: base), foundOn: job.url, depth: job.level + 1, enqueue: true)
            }
            return nil
        }

        func finish() -> CrawlResult {
            var done = result
            if done.urlsNotRecorded > 0 && done.stoppedBecause == "complete" {
                done.stoppedBecause =
                    "max-urls (\(options.urlCap)): \(done.urlsNotRecorded) more links were neither recorded nor followed"
            }
            for (position, key) in variants {
                if let page = index[key] { done.urls.setStatus(done.urls.status(at: Int(page)), at: position) }
            }
            guard head < frontier.count else { return done }
            if done.stoppedBecause == "complete" { done.stoppedBecause = "max-pages (\(options.maxPages))" }
            for job in frontier[head...] {
                let i = Int(job.position)
                if done.urls.status(at: i) == nil, done.urls.note(at: i) == nil {
                    done.urls.setNote("not crawled: \(done.stoppedBecause)", at: i)
                }
            }
            return done
        }
    }
}

/// The parts of a URL the crawl-trap defences look at, read in one pass over its bytes.
struct PathParts {
    /// From the first "/" after the authority, without the fragment.
    var pathAndQuery: String
    var path: String
    var query: String
    /// The query's parameter names, sorted and joined with "&".
    var names: String
    /// The path with digit runs replaced by "N", then "?" and the parameter names: pages of one pattern.
    var shape: String
    /// A path segment that occurs three times or more (/a/b/a/b/a/…).
    var hasRepeatingSegment: Bool

    init(_ url: String) {
        let bytes = Array(url.utf8)
        var start = bytes.count
        if let scheme = bytes.firstIndex(of: UInt8(ascii: ":")), bytes.count > scheme + 2 {
            start = bytes[(scheme + 3)...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
        }
        let end = bytes[start...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
        let queryMark = bytes[start..<end].firstIndex(of: UInt8(ascii: "?")) ?? end
        pathAndQuery = start < end ? String(decoding: bytes[start..<end], as: UTF8.self) : "/"
        path = String(decoding: bytes[start..<queryMark], as: UTF8.self)
        query = queryMark < end ? String(decoding: bytes[(queryMark + 1)..<end], as: UTF8.self) : ""
        var shapeBytes: [UInt8] = []
        shapeBytes.reserveCapacity(queryMark - start + 1)
        var inDigits = false
        for byte in bytes[start..<queryMark] {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                if !inDigits { shapeBytes.append(UInt8(ascii: "N")) }
                inDigits = true
            } else {
                shapeBytes.append(byte)
                inDigits = false
            }
        }
        var counts: [Substring: Int] = [:]
        var repeating = false
        for segment in path.split(separator: "/") {
            counts[segment, default: 0] += 1
            if counts[segment]! >= 3 { repeating = true }
        }
        hasRepeatingSegment = repeating
        names = query.split(separator: "&").map { $0.split(separator: "=").first.map(String.init) ?? "" }.sorted()
            .joined(separator: "&")
        shape = String(decoding: shapeBytes, as: UTF8.self) + "?" + names
    }
}
