// Fuzz target: robots.txt (groups, longest-match rules, Crawl-delay kept finite, Sitemap lines) and sitemap
// `<loc>` extraction, within the time budget.
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
    }
    return 0
}
