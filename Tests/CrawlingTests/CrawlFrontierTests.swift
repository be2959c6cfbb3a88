import AASA
import Fetching
import Testing

@testable import Crawling

/// The frontier as a plain value: links go in, jobs come out, and the record says what became of every URL.
@Suite struct CrawlFrontierTests {
    static let root = "https://shop.test/"

    func frontier(robots: Robots = .allowAll, _ configure: (inout CrawlOptions) -> Void = { _ in }) -> CrawlFrontier {
        var options = CrawlOptions()
        configure(&options)
        return CrawlFrontier(domain: "shop.test", options: options, robots: robots)
    }

    func add(_ href: String, depth: Int = 1, to frontier: inout CrawlFrontier) {
        frontier.add(LinkResolver.resolve(href, against: Self.root), foundOn: Self.root, depth: depth)
    }

    func finished(_ frontier: CrawlFrontier, interrupted: Bool = false) -> CrawlResult {
        var frontier = frontier
        var result = CrawlResult()
        frontier.finish(interrupted: interrupted, into: &result)
        return result
    }

    /// Every job the frontier hands out until it hands out none.
    func drain(_ frontier: inout CrawlFrontier) -> [CrawlFrontier.Job] {
        var jobs: [CrawlFrontier.Job] = []
        while let job = frontier.next() { jobs.append(job) }
        return jobs
    }

    func note(_ url: String, in frontier: CrawlFrontier) -> String? {
        frontier.urls.first { $0.url == url }?.note
    }

    /// A sitemap's URL has no link depth: it waits behind linked pages, and while one is in flight, since that page
    /// may link to it and give it (and so its own links) a depth before it is scanned.
    @Test func pagesWithoutALinkDepthWaitWhileALinkedPageIsInFlight() throws {
        var f = frontier()
        f.add(LinkResolver.resolve("/listed", against: Self.root), foundOn: "sitemap x", depth: 1)
        f.add(LinkResolver.resolve("/", against: Self.root), foundOn: nil, depth: 0, linkDepth: 0)
        let first = f.next()
        let start = try #require(first)
        #expect(start.url == Self.root && !start.deferred)
        #expect(f.next(linkedInFlight: true) == nil, "the start page may still link to it")
        #expect(f.queued == 1)
        f.add(LinkResolver.resolve("/listed", against: Self.root), foundOn: Self.root, depth: 1, linkDepth: 1)
        let second = f.next(linkedInFlight: false)
        let listed = try #require(second)
        #expect(listed.url == "https://shop.test/listed" && listed.deferred)
        #expect(f.urls.depth(at: Int(listed.position)) == 1, "its depth came from the start page before its fetch")
        f.retry(listed)
        #expect(f.next(linkedInFlight: true) == nil, "a retried deferred job waits as before")
        #expect(f.next()?.deferred == true)
    }

    @Test func eachURLIsRecordedAndQueuedOnceByItsKey() {
        var f = frontier()
        add("/a", to: &f)
        add("/a", to: &f)
        add("HTTPS://SHOP.test:443/a", to: &f)
        add("/b", to: &f)
        #expect(f.urls.map(\.url) == ["https://shop.test/a", "https://shop.test/b"])
        #expect(f.urls.first?.foundOn == Self.root)
        #expect(f.queued == 2)
        #expect(drain(&f).map(\.url) == ["https://shop.test/a", "https://shop.test/b"])
        #expect(finished(f).stoppedBecause == .complete)
    }

    /// One page's links as the crawler takes them in, the start page's (its row `page`): each row counts the page
    /// once, keeps its first text and its shortest link distance; a fragment variant is a row of its own.
    func take(_ links: [(String, String?)], linkDepth: Int?, page: Int32, into f: inout CrawlFrontier) {
        f.startPage()
        for (href, text) in links {
            let row = f.add(
                LinkResolver.resolve(href, against: Self.root), foundOn: Self.root, page: page, depth: 1,
                linkDepth: linkDepth, anchorText: text)
            if let row { f.countInlink(to: row) }
        }
    }

    @Test func inlinksCountEachPageOnceAndRowsKeepTheFirstTextAndShortestDepth() throws {
        var f = frontier()
        f.add(LinkResolver.resolve("/s", against: Self.root), foundOn: "sitemap https://shop.test/s.xml", depth: 1)
        let added = f.add(LinkResolver.resolve("/", against: Self.root), foundOn: nil, depth: 0)
        let home = try #require(added)
        take(
            [("/a", nil), ("/a", "A"), ("/A/../a", "again"), ("/a#x", "X"), ("/s", nil), ("mailto:x@y", "m")],
            linkDepth: 3, page: Int32(home), into: &f)
        take([("/a", "later"), ("/a#x", nil), ("/s", "S")], linkDepth: 1, page: Int32(home), into: &f)
        let rows = Dictionary(f.urls.map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(rows["https://shop.test/a"]?.inlinks == 2, "three links on the first page count once")
        #expect(rows["https://shop.test/a"]?.anchorText == "A" && rows["https://shop.test/a"]?.depth == 1)
        #expect(rows["https://shop.test/a#x"]?.inlinks == 2 && rows["https://shop.test/a#x"]?.anchorText == "X")
        #expect(rows["https://shop.test/s"]?.inlinks == 2 && rows["https://shop.test/s"]?.depth == 1)
        #expect(rows["https://shop.test/s"]?.foundOn == "sitemap https://shop.test/s.xml")
        var sitemapOnly = frontier()
        sitemapOnly.add(LinkResolver.resolve("/s", against: Self.root), foundOn: "sitemap", depth: 1)
        #expect(sitemapOnly.urls.first?.depth == nil && sitemapOnly.urls.first?.inlinks == 0)
    }

    /// Pages arrive in the order their fetches finish, which differs between two crawls of one site (CI once saw
    /// inlinks.aasa.test's /b scanned before /a): whatever the order, a row names the linking page nearest the start
    /// page, then first by URL, and keeps the first text of the first such page that has one.
    @Test(arguments: [0, 1, 2, 3, 4, 5])
    func aRowsLinkingPageAndTextDoNotDependOnTheOrderPagesArrive(permutation: Int) {
        var f = frontier()
        f.add(LinkResolver.resolve("/", against: Self.root), foundOn: nil, depth: 0, linkDepth: 0)
        f.add(LinkResolver.resolve("/listed", against: Self.root), foundOn: "sitemap https://shop.test/s.xml", depth: 1)
        var rows: [String: Int32] = [:]
        for path in ["/c", "/b", "/a"] {
            rows[path] = f.add(
                LinkResolver.resolve(path, against: Self.root), foundOn: Self.root, page: 0, depth: 1, linkDepth: 1
            ).map(Int32.init)
        }
        // "/0" sorts first but is two links deep: it never wins against the pages one link deep.
        rows["/0"] = f.add(
            LinkResolver.resolve("/0", against: Self.root), foundOn: "https://shop.test/a", page: rows["/a"], depth: 2,
            linkDepth: 2
        ).map(Int32.init)
        let pages: [String: [(String, String?)]] = [
            "/a": [
                ("/p/target", nil), ("/p/target", "Target from A"), ("/p/target", "Again from A"), ("/listed", nil),
            ],
            "/b": [("/p/target", "Sponsored target"), ("/listed", "Listed from B")],
            "/c": [("p/../p/target", "日本語のリンク"), ("/listed", "Listed from C")],
        ]
        var order = ["/a", "/b", "/c"]
        // The permutation's Lehmer code: which of the remaining pages comes next.
        var code = permutation
        var arrival: [String] = []
        for size in [3, 2, 1] {
            arrival.append(order.remove(at: code % size))
            code /= size
        }
        arrival.insert("/0", at: permutation % 4)
        for path in arrival {
            f.startPage()
            let links = pages[path] ?? [("/p/target", "Deep text")]
            for (href, text) in links {
                let depth = path == "/0" ? 2 : 1
                f.add(
                    LinkResolver.resolve(href, against: Self.root), foundOn: "https://shop.test\(path)",
                    page: rows[path], depth: depth + 1, linkDepth: depth + 1, anchorText: text, reference: href)
            }
        }
        let byURL = Dictionary(f.urls.map { ($0.url, $0) }, uniquingKeysWith: { a, _ in a })
        let target = byURL["https://shop.test/p/target"]
        #expect(target?.foundOn == "https://shop.test/a" && target?.anchorText == "Target from A", "\(arrival)")
        #expect(target?.depth == 2 && target?.href == "/p/target", "the href as written on /a")
        let listed = byURL["https://shop.test/listed"]
        #expect(listed?.foundOn == "sitemap https://shop.test/s.xml", "a sitemap's mention came before any page")
        #expect(listed?.href == nil)
        #expect(listed?.anchorText == "Listed from B", "/a links there without text: /b is next")
    }

    @Test func aFragmentIsRecordedOnceAndTakesItsPagesStatus() {
        var f = frontier()
        add("/a", to: &f)
        add("/a#x", to: &f)
        add("/a#x", to: &f)
        add("/a#y", to: &f)
        #expect(f.urls.map(\.url) == ["https://shop.test/a", "https://shop.test/a#x", "https://shop.test/a#y"])
        #expect(note("https://shop.test/a#x", in: f) == "same page as https://shop.test/a, another fragment")
        #expect(f.queued == 1, "the page is fetched once")
        for job in drain(&f) { f.urls.updateFacts(at: Int(job.position)) { $0.httpStatus = 200 } }
        #expect(finished(f).urls.map(\.httpStatus) == [200, 200, 200])
    }

    @Test func linksBeyondMaxDepthAreRecordedNotQueued() {
        var f = frontier { $0.maxDepth = 1 }
        add("/one", depth: 1, to: &f)
        add("/two", depth: 2, to: &f)
        #expect(f.queued == 1)
        #expect(note("https://shop.test/one", in: f) == nil)
        #expect(note("https://shop.test/two", in: f) == "not crawled: deeper than --max-depth 1")
    }

    @Test func urlsLongerThanTheCapAreNotQueued() {
        var f = frontier { $0.maxURLLength = 30 }
        add("/short", to: &f)
        add("/a-path-that-is-too-long", to: &f)
        #expect(f.queued == 1)
        #expect(note("https://shop.test/a-path-that-is-too-long", in: f) == "not crawled: URL longer than 30 bytes")
    }

    @Test func otherHostsAreRecordedAndSubdomainsQueuedOnlyWhenAsked() {
        var f = frontier()
        add("https://other.test/", to: &f)
        add("https://blog.shop.test/", to: &f)
        add("https://127.0.0.1/", to: &f)
        #expect(f.queued == 0)
        #expect(note("https://other.test/", in: f) == "other host: recorded, not crawled")
        #expect(note("https://blog.shop.test/", in: f) == "other host: recorded, not crawled")
        #expect(note("https://127.0.0.1/", in: f) == "IP address: recorded, not crawled")
        #expect(f.urls.count == 3)

        var wide = frontier { $0.includeSubdomains = true }
        add("https://blog.shop.test/", to: &wide)
        add("https://evilshop.test/", to: &wide)
        #expect(drain(&wide).map(\.url) == ["https://blog.shop.test/"])
        #expect(note("https://evilshop.test/", in: wide) == "other host: recorded, not crawled")
    }

    @Test func otherSchemesAreCountedNotRecorded() {
        var f = frontier()
        add("mailto:a@shop.test", to: &f)
        add("tel:+1555", to: &f)
        add("mailto:b@shop.test", to: &f)
        #expect(f.urls.isEmpty)
        #expect(finished(f).otherSchemes == ["mailto": 2, "tel": 1])
    }

    @Test func robotsTxtGatesQueueingAndItsCrawlDelaySlowsTheCrawl() {
        let robots = Robots(parsing: Array("User-agent: *\nDisallow: /private\nCrawl-delay: 3\n".utf8))
        var f = frontier(robots: robots)
        add("/private/x", to: &f)
        add("/public", to: &f)
        #expect(f.queued == 1)
        #expect(note("https://shop.test/private/x", in: f) == "not crawled: robots.txt disallows it")
        #expect(finished(f).robotsDisallowed == 1)
        #expect(f.delay == 3 && f.concurrency == 1)
    }

    @Test func theLargerDelayWinsAndADelayMeansOneFetchAtATime() {
        #expect(frontier().delay == 0)
        #expect(frontier().concurrency == CrawlOptions().perHostConcurrency)
        #expect(frontier { $0.perHostConcurrency = 0 }.concurrency == 1)
        let slow = frontier {
            $0.delay = 0.5
            $0.perHostConcurrency = 4
        }
        #expect(slow.delay == 0.5 && slow.concurrency == 1)
        let robots = Robots(parsing: Array("User-agent: *\nCrawl-delay: 0.25\n".utf8))
        #expect(frontier(robots: robots) { $0.delay = 1 }.delay == 1)
    }

    @Test func theURLCapCountsNewLinksItDoesNotRecord() {
        var f = frontier { $0.maxURLs = 3 }
        for path in ["/1", "/2", "/3", "/4", "/5", "/1", "/4"] { add(path, to: &f) }
        #expect(f.urls.count == 3)
        #expect(f.urlsNotRecorded == 3, "a new link past the cap is counted each time it is found")
        #expect(f.queued == 3, "a link not recorded is not queued either")
        _ = f.next()
        let result = finished(f)
        #expect(result.urlsNotRecorded == 3)
        #expect(result.stoppedBecause == .maxURLs(cap: 3, notRecorded: 3))
        let note = "not crawled: max-urls (3): 3 more links were neither recorded nor followed"
        #expect(result.urls.map(\.note) == [nil, note, note], "the URLs left queued say why")
    }

    @Test func theDefaultURLCapIsTenPerPageAndAtLeastAHundredThousand() {
        #expect(CrawlOptions().urlCap == 100_000)
        var options = CrawlOptions()
        options.maxPages = 20_000
        #expect(options.urlCap == 200_000)
        options.maxURLs = 7
        #expect(options.urlCap == 7)
    }

    @Test func maxPagesHoldsTheRestBackAndNotesThem() {
        var f = frontier { $0.maxPages = 2 }
        for path in ["/1", "/2", "/3"] { add(path, to: &f) }
        let jobs = drain(&f)
        #expect(jobs.count == 2)
        for job in jobs { f.urls.updateFacts(at: Int(job.position)) { $0.httpStatus = 200 } }
        #expect(f.reachedMaxPages)
        let result = finished(f)
        #expect(result.stoppedBecause == .maxPages(2))
        #expect(result.urls.map(\.note) == [nil, nil, "not crawled: max-pages (2)"])
    }

    @Test func thePageCapIsNamedBeforeTheURLCapOnceItHeldAJobBack() {
        var f = frontier {
            $0.maxPages = 1
            $0.maxURLs = 2
        }
        for path in ["/1", "/2", "/3"] { add(path, to: &f) }
        #expect(f.urlsNotRecorded == 1)
        #expect(finished(f).stoppedBecause == .maxURLs(cap: 2, notRecorded: 1), "no job held back yet")
        #expect(drain(&f).count == 1)
        #expect(finished(f).stoppedBecause == .maxPages(1))
        #expect(finished(f, interrupted: true).stoppedBecause == .interrupted, "an interruption is named first")
    }

    @Test func anInterruptedCrawlNotesWhatItDidNotFetch() {
        var f = frontier()
        add("/1", to: &f)
        let result = finished(f, interrupted: true)
        #expect(result.stoppedBecause == .interrupted)
        #expect(result.urls.first?.note == "not crawled: interrupted")
    }

    @Test func aRetriedJobComesBackOnceAndCountsOnceAgainstMaxPages() throws {
        var f = frontier { $0.maxPages = 1 }
        add("/busy", to: &f)
        add("/later", to: &f)
        let first = f.next()
        let busy = try #require(first)
        #expect(!busy.retried)
        f.retry(busy)
        #expect(drain(&f).map(\.url) == ["https://shop.test/later"], "the retry gave its page back; one is the cap")
        #expect(f.queued == 1)
    }

    @Test func theRetryIsQueuedLastWithItsRowAndDepth() throws {
        var f = frontier()
        add("/busy", depth: 3, to: &f)
        add("/next", to: &f)
        let first = f.next()
        let busy = try #require(first)
        f.retry(busy)
        let rest = drain(&f)
        #expect(rest.map(\.url) == ["https://shop.test/next", busy.url])
        let again = try #require(rest.last)
        #expect(again.position == busy.position && again.level == 3 && again.retried)
    }

    @Test func jobsComeOutInTheOrderFoundAcrossTheQueuesCompaction() {
        var f = frontier { $0.maxPages = 100_000 }
        var found = 10_000
        for n in 0..<found { add("/p\(n)", to: &f) }
        var order: [Int32] = []
        while let job = f.next() {
            order.append(job.position)
            if job.position % 3 == 0 {  // more found while fetching
                add("/q\(job.position)", to: &f)
                found += 1
            }
        }
        #expect(f.urls.count == found)
        #expect(order.count == found)
        #expect(order.elementsEqual(0..<Int32(found)), "breadth-first, in the order found")
    }

    @Test func trapsAreNotedAndCounted() {
        var f = frontier()
        add("/a/b/a/b/a", to: &f)
        #expect(f.queued == 0)
        #expect(note("https://shop.test/a/b/a/b/a", in: f) == "not crawled: crawl trap (repeating path segments)")
        #expect(finished(f).trapsSkipped == 1)
    }
}
