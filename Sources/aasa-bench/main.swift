import AASA
import Crawling
import Fetching
import Foundation

/// Benchmarks for Scripts/bench. Each prints one line of numbers; speed goals live here, never in unit tests.

/// A deterministic generator so every run matches the same URLs.
struct LCG {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
    mutating func pick<T>(_ items: [T]) -> T { items[Int(next() % UInt64(items.count))] }
}

let sections = [
    "shop", "product", "help", "account", "blog", "search", "cart", "en_US", "de_DE", "fr_FR", "static", "admin",
]
let words = ["shoes", "red", "sale", "pizza", "sushi", "winter", "gift", "42", "1234", "a1b2", "x", "checkout"]

func generateURLs(_ count: Int, seed: UInt64) -> [String] {
    var rng = LCG(state: seed)
    var urls: [String] = []
    urls.reserveCapacity(count)
    for _ in 0..<count {
        var url = "https://www.acme.test/" + rng.pick(sections)
        for _ in 0..<Int(rng.next() % 3) { url += "/" + rng.pick(words) }
        switch rng.next() % 4 {
        case 0: url += "?id=\(rng.next() % 10000)"
        case 1: url += "?q=\(rng.pick(words))&page=\(rng.next() % 9)"
        default: break
        }
        if rng.next() % 8 == 0 { url += "#" + rng.pick(["top", "nolink", "reviews"]) }
        urls.append(url)
    }
    return urls
}

/// A typical production file: two apps, 20 components mixing exclusions, queries and fragments.
func typicalFile() -> String {
    let rules = [
        ##"{"#": "nolink", "exclude": true}"##, #"{"/": "/admin/*", "exclude": true}"#,
        #"{"/": "/static/*", "exclude": true}"#,
        #"{"/": "/account/settings/*", "exclude": true}"#, #"{"/": "/shop/*/sale"}"#, #"{"/": "/shop/*"}"#,
        #"{"/": "/product/?*", "?": {"id": "?*"}}"#, #"{"/": "/product/*"}"#,
        #"{"/": "/help/*", "?": {"article": "????"}}"#,
        #"{"/": "/help/*", "exclude": true}"#, #"{"/": "/blog/*", "caseSensitive": false}"#,
        #"{"/": "/search", "?": {"q": "?*"}}"#, #"{"/": "/cart"}"#, #"{"/": "/cart/*"}"#, #"{"/": "/account/*"}"#,
        ##"{"/": "/gift/*", "#": "*"}"##, #"{"/": "/en_US/*"}"#, #"{"/": "/de_DE/*"}"#, #"{"/": "/promo/*", "?": "*"}"#,
        #"{"/": "/checkout/*", "percentEncoded": false}"#,
    ]
    return
        #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop", "9JA89QQLNQ.com.acme.beta"], "components": [\#(rules.joined(separator: ", "))]}]}}"#
}

/// A file at Apple's 128 KiB limit: about 2,500 rules with substitution variables and query dictionaries.
func hugeFile() -> String {
    var rng = LCG(state: 7)
    var rules: [String] = []
    var size = 0
    var i = 0
    while size < 128 * 1024 - 600 {
        let rule: String
        switch i % 5 {
        case 0: rule = #"{"/": "/$(lang)_$(region)/c\#(i)/$(food)/*"}"#
        case 1: rule = #"{"/": "/p\#(i)/*", "?": {"id": "?*", "ref": "\#(rng.pick(words))*"}}"#
        case 2: rule = #"{"/": "/s\#(i)/*", "exclude": true}"#
        case 3: rule = #"{"/": "/d\#(i)/$(digit)$(digit)*", "caseSensitive": false}"#
        default: rule = ##"{"/": "/x\##(i)/*/\##(rng.pick(words))", "#": "?*"}"##
        }
        rules.append(rule)
        size += rule.utf8.count + 2
        i += 1
    }
    rules.append(#"{"/": "/shop/*"}"#)
    return
        #"{"applinks": {"substitutionVariables": {"food": ["pizza", "sushi", "burrito", "samosa"]}, "details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [\#(rules.joined(separator: ", "))]}]}}"#
}

/// One file's figures from `benchMatch`, per second.
struct MatchFigures {
    var label: String
    var verdicts: Double
    var urls: Double
    var cpuVerdicts: Double
    /// Verdicts per second this file must reach.
    var target: Double
}

/// Times the matcher's decisions over `urls` (URL preparation included), best of `runs` passes. Prints the wall
/// figure, which docs/benchmarks.md quotes, beside this thread's CPU time: on a shared machine the wall clock also counts
/// time spent waiting for the core, the CPU figure does not.
func benchMatch(name: String, json: String, urls: [String], runs: Int, target: Double) -> MatchFigures {
    let file = DecodedFile(bytes: Array(json.utf8))
    guard let document = file.document else { fatalError("bench file does not parse: \(file.syntaxError!.message)") }
    let matcher = Matcher(document)
    let apps = matcher.appIDs
    let rules = document.entries.map(\.rules.count).reduce(0, +)
    var matched = 0
    func pass() {
        // A local count: the captured `matched` would cost an exclusivity check per verdict.
        var count = 0
        for url in urls {
            guard let prepared = matcher.prepare(url) else { continue }
            matcher.forEachDecision(prepared) { _, decision in if decision.result == .match { count += 1 } }
        }
        matched = count
    }
    pass()  // warm-up
    let time = timed(runs: runs, pass)
    let verdicts = Double(urls.count * apps.count)
    print(
        String(
            format:
                "match %@: %d bytes, %d rules, %d apps, %d URLs, best of %d: %.3f s, %.2f million verdicts/s (%.2f million URLs/s); median %.2f million verdicts/s; CPU time best %.3f s, %.2f million verdicts/s; %d matches",
            name, json.utf8.count, rules, apps.count, urls.count, runs, time.best, verdicts / time.best / 1e6,
            Double(urls.count) / time.best / 1e6, verdicts / time.median / 1e6, time.cpuBest,
            verdicts / time.cpuBest / 1e6, matched))
    let size = json.utf8.count >= 100 * 1024 ? "\((json.utf8.count + 1023) / 1024) KiB" : "typical"
    return MatchFigures(
        label: "\(size), \(grouped(rules)) rules, \(apps.count) app\(apps.count == 1 ? "" : "s")",
        verdicts: verdicts / time.best, urls: Double(urls.count) / time.best, cpuVerdicts: verdicts / time.cpuBest,
        target: target)
}

/// 2865 as "2,865", whatever the locale.
func grouped(_ n: Int) -> String {
    let digits = String(n)
    var out = ""
    for (k, c) in digits.enumerated() {
        if k > 0, (digits.count - k) % 3 == 0 { out += "," }
        out.append(c)
    }
    return out
}

/// docs/benchmarks.md's matcher table, from this run's figures: a target is "met" only by the wall figure measured here.
func printMatchTable(_ figures: [MatchFigures]) {
    func millions(_ value: Double) -> String { String(format: "%.2f million", value / 1e6) }
    print("| file | verdicts/s | URLs/s | verdicts/s by CPU time | target |")
    print("|---|---|---|---|---|")
    for f in figures {
        let met = f.verdicts >= f.target ? "met" : "not met"
        print(
            "| \(f.label) | \(millions(f.verdicts)) | \(millions(f.urls)) | \(millions(f.cpuVerdicts)) | "
                + "\(millions(f.target)) verdicts/s — \(met) |")
    }
}

/// The best and the median of `runs` timings of `body`, in seconds: wall time and this thread's CPU time (the
/// steadier figure on a shared machine).
func timed(runs: Int, _ body: () -> Void) -> (best: Double, median: Double, cpuBest: Double, cpuMedian: Double) {
    var walls: [Double] = []
    var cpus: [Double] = []
    for _ in 0..<runs {
        let cpuStart = cpuSeconds()
        let elapsed = ContinuousClock().measure(body)
        cpus.append(cpuSeconds() - cpuStart)
        walls.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    walls.sort()
    cpus.sort()
    return (walls[0], walls[walls.count / 2], cpus[0], cpus[cpus.count / 2])
}

func cpuSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}

/// A file of `count` rules of the kinds `hugeFile` mixes, with no size cap: for timing the checks one by one.
func rulesFile(_ count: Int) -> [UInt8] {
    var rng = LCG(state: 11)
    var rules: [String] = []
    rules.reserveCapacity(count)
    for i in 0..<count {
        switch i % 5 {
        case 0: rules.append(#"{"/": "/$(lang)_$(region)/c\#(i)/$(food)/*"}"#)
        case 1: rules.append(#"{"/": "/p\#(i)/*", "?": {"id": "?*", "ref": "\#(rng.pick(words))*"}}"#)
        case 2: rules.append(#"{"/": "/s\#(i)/*", "exclude": true}"#)
        case 3: rules.append(#"{"/": "/d\#(i)/$(digit)$(digit)*", "caseSensitive": false}"#)
        default: rules.append(##"{"/": "/x\##(i)/*/\##(rng.pick(words))", "#": "?*"}"##)
        }
    }
    let json =
        #"{"applinks": {"substitutionVariables": {"food": ["pizza", "sushi"]}, "details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [\#(rules.joined(separator: ", "))]}]}}"#
    return Array(json.utf8)
}

/// Each document check alone on an `n`-rule file decoded without the local decode cap, slowest first.
func benchChecks(_ counts: [Int]) {
    for count in counts {
        let bytes = rulesFile(count)
        let file = DecodedFile(bytes: bytes)
        var times: [(String, Double)] = []
        for check in Catalogue.documentChecks {
            var sink = FindingSink()
            let elapsed = timed(runs: 1) { check.run(file, into: &sink) }
            times.append((check.description.id, elapsed.cpuBest))
        }
        times.sort { $0.1 > $1.1 }
        let slowest = times.prefix(4).map { String(format: "%@ %.3f s", $0.0, $0.1) }.joined(separator: ", ")
        print("checks on \(count) rules (\(bytes.count) bytes), slowest (CPU time): \(slowest)")
    }
}

/// Sitemap parsing rate: a plain file, then a gzip one inflated and parsed (MB/s of uncompressed bytes).
func benchSitemap(plain: String, gzip: String) {
    guard let plainBytes = FileManager.default.contents(atPath: plain).map(Array.init),
        let gzipBytes = FileManager.default.contents(atPath: gzip).map(Array.init)
    else { fatalError("cannot read \(plain) or \(gzip)") }
    var count = 0
    let plainTime = timed(runs: 5) { count = Sitemap.parse(plainBytes).locations.count }
    let megabytes = Double(plainBytes.count) / 1e6
    print(
        String(format: "sitemap plain: %.1f MB, %d URLs: ", megabytes, count)
            + describe(plainTime, megabytes: megabytes))
    var inflated = 0
    let gzipTime = timed(runs: 5) {
        let bytes = Sitemap.gunzipped(gzipBytes) ?? []
        inflated = bytes.count
        count = Sitemap.parse(bytes).locations.count
    }
    let inflatedMegabytes = Double(inflated) / 1e6
    print(
        String(
            format: "sitemap gzip: %.2f MB inflating to %.1f MB, %d URLs: ", Double(gzipBytes.count) / 1e6,
            inflatedMegabytes, count) + describe(gzipTime, megabytes: inflatedMegabytes))
}

/// "wall min …, median …; CPU min …, median …; N MB/s (CPU)".
func describe(_ time: (best: Double, median: Double, cpuBest: Double, cpuMedian: Double), megabytes: Double) -> String {
    String(
        format: "wall min %.3f s, median %.3f s; CPU min %.3f s, median %.3f s; %.1f MB/s (CPU)", time.best,
        time.median, time.cpuBest, time.cpuMedian, megabytes / time.cpuBest)
}

/// A crawl's pages and their links as they are written in the HTML: mostly root-relative paths, then relative
/// ones, absolute same-host URLs, queries, fragments, a few `../` and the odd other host or scheme.
func pageLinks(pages: Int, linksPerPage: Int, seed: UInt64) -> [(page: String, links: [String])] {
    var rng = LCG(state: seed)
    var result: [(String, [String])] = []
    for p in 0..<pages {
        let page = "https://www.acme.test/\(rng.pick(sections))/\(rng.pick(words))/\(p).html"
        var links: [String] = []
        for _ in 0..<linksPerPage {
            let n = rng.next() % 10000
            switch rng.next() % 20 {
            case 0...7: links.append("/\(rng.pick(sections))/\(rng.pick(words))/\(n).html")
            case 8...10: links.append(rng.pick(["next.html", "item/\(n)", "\(rng.pick(words))-\(n).html"]))
            case 11...13: links.append("https://www.acme.test/\(rng.pick(sections))/\(n)")
            case 14, 15: links.append("/search?q=\(rng.pick(words))&page=\(n % 9)")
            case 16: links.append(rng.pick(["#top", "#reviews", "/p/\(n).html#specs"]))
            case 17: links.append(rng.pick(["../cart", "../../help/faq-\(n)", "./\(rng.pick(words))"]))
            case 18: links.append(rng.pick(["?page=\(n % 9)", "HTTPS://WWW.Acme.test:443/\(n)", "/a%20b/\(n)"]))
            default: links.append(rng.pick(["https://other.test/x/\(n)", "mailto:shop@acme.test", "tel:+15550100"]))
            }
        }
        result.append((page, links))
    }
    return result
}

/// Resolving a crawl's links, URLs/s: the WHATWG parser (`WebURL.parse` against the page, reading the fetch key) and
/// the crawl's whole step (`LinkResolver.resolve`: the same plus the row's URL, key and host), on the same links in
/// the same run: the mix of `pageLinks`, then only root-relative plain paths (what `Scripts/bench crawl`'s pages hold).
func benchURL(links count: Int, runs: Int) {
    let perPage = 30
    let mixed = pageLinks(pages: max(1, count / perPage), linksPerPage: perPage, seed: 24)
    var rng = LCG(state: 25)
    let plain = mixed.map { page in (page: page.page, links: page.links.map { _ in "/p/\(rng.next() % 100_000).html" })
    }
    for (label, pages) in [("typical links", mixed), ("plain paths", plain)] {
        let total = pages.reduce(0) { $0 + $1.links.count }
        var checksum = 0
        let parse = timed(runs: runs) {
            var n = 0
            for (page, links) in pages {
                guard let base = WebURL(page) else { continue }
                for link in links {
                    if case .success(let url) = WebURL.parse(link, base: base), url.isHTTP {
                        n &+= url.hrefWithoutFragment.utf8.count
                    }
                }
            }
            checksum = n
        }
        let resolve = timed(runs: runs) {
            var n = 0
            for (page, links) in pages {
                guard let base = LinkResolver.Base(page) else { continue }
                for link in links {
                    if case .web(_, let key) = LinkResolver.resolve(link, against: base) { n &+= key.utf8.count }
                }
            }
            checksum &+= n
        }
        for (name, time) in [("WebURL.parse", parse), ("LinkResolver.resolve", resolve)] {
            print(
                String(
                    format:
                        "url %@, %@: %d links on %d pages, best of %d: wall %.3f s, %.2f million URLs/s; CPU %.3f s, %.2f million URLs/s (%.0f ns/URL) (checksum %d)",
                    label, name, total, pages.count, runs, time.best, Double(total) / time.best / 1e6, time.cpuBest,
                    Double(total) / time.cpuBest / 1e6, time.cpuBest / Double(total) * 1e9, checksum))
        }
    }
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "match":
    let count = arguments.dropFirst().first.flatMap(Int.init) ?? 1_000_000
    let which = arguments.dropFirst(2).first ?? "all"
    let runs = arguments.dropFirst(3).first.flatMap(Int.init) ?? 5
    let urls = generateURLs(count, seed: 42)
    var figures: [MatchFigures] = []
    if which != "128KiB" {
        figures.append(benchMatch(name: "typical", json: typicalFile(), urls: urls, runs: runs, target: 5_000_000))
    }
    if which != "typical" {
        figures.append(benchMatch(name: "128KiB", json: hugeFile(), urls: urls, runs: runs, target: 1_500_000))
    }
    printMatchTable(figures)
case "scan":
    // Paths of HTML files on stdin; scans them all with the crawler's scanner, whole and streamed in 16 KiB chunks.
    var pages: [[UInt8]] = []
    while let line = readLine() {
        if let data = FileManager.default.contents(atPath: line) { pages.append(Array(data)) }
    }
    let total = Double(pages.reduce(0) { $0 + $1.count }) / 1e6
    for (name, streamed) in [("LinkScanner.scan", false), ("LinkScanner.Stream", true)] {
        var best = Double.infinity
        var links = 0
        for _ in 0..<3 {
            links = 0
            let start = ContinuousClock.now
            for page in pages {
                if streamed {
                    let stream = LinkScanner.Stream(charset: "UTF-8")
                    var offset = 0
                    while offset < page.count {
                        let end = min(page.count, offset + 16_384)
                        page[offset..<end].withUnsafeBufferPointer { stream.consume($0) }
                        offset = end
                    }
                    links += stream.finish().links.count
                } else {
                    links += LinkScanner.scan(page, charset: "UTF-8").links.count
                }
            }
            let elapsed = ContinuousClock.now - start
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        print(
            String(
                format: "%@: %d pages, %.1f MB, %d links, %.3f s, %.1f MB/s", name, pages.count, total, links, best,
                total / best))
    }
case "url":
    benchURL(
        links: arguments.dropFirst().first.flatMap(Int.init) ?? 300_000,
        runs: arguments.dropFirst(2).first.flatMap(Int.init) ?? 5)
case "checks":
    let counts = arguments.dropFirst().compactMap { Int($0) }
    benchChecks(counts.isEmpty ? [2_500, 10_000, 40_000] : counts)
case "sitemap":
    let paths = Array(arguments.dropFirst())
    guard paths.count == 2 else { fatalError("usage: aasa-bench sitemap PLAIN.xml GZIP.xml.gz") }
    benchSitemap(plain: paths[0], gzip: paths[1])
default:
    FileHandle.standardError.write(
        Data(
            "usage: aasa-bench match [URL-COUNT [typical|128KiB|all [RUNS]]] | url [LINKS [RUNS]] | scan < paths | checks [RULES...] | sitemap PLAIN GZIP\n"
                .utf8))
    exit(2)
}
