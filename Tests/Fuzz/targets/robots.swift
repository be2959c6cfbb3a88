// Fuzz target: robots.txt (groups, longest-match rules, Crawl-delay kept finite, Sitemap lines), sitemap `<loc>`
// extraction and the Retry-After header (finite whatever a site sends), within the time budget.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    fuzzWithinBudget("robots", bytes) { bytes in
        let robots = Robots(parsing: bytes)
        if let delay = robots.crawlDelay, !(0...86_400).contains(delay) {
            fuzzFail("robots", "Crawl-delay kept as \(delay)")
        }
        if robots.sitemaps.contains(where: \.isEmpty) { fuzzFail("robots", "an empty Sitemap line was kept") }
        _ = robots.allows("/shop/a?b=c")
        _ = robots.allows(String(decoding: bytes.prefix(200), as: UTF8.self))
        // A path as long as a real URL's, against every rule.
        _ = robots.allows("/" + String(decoding: bytes.suffix(2_000), as: UTF8.self))
        _ = Sitemap.parse(bytes)
        // The first line as a 429/503 answer's Retry-After: always finite, 0 to the ceiling, or nil.
        let line = String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }.prefix(200), as: UTF8.self)
        if let seconds = RetryAfter.seconds(line), !(0...RetryAfter.ceiling).contains(seconds) {
            fuzzFail("robots", "Retry-After \(line.debugDescription) gave \(seconds)")
        }
    }
    return 0
}
