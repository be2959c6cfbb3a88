import Foundation

// Fuzz target: sitemap and sitemap-index parsing, plain and gzip, whole and streamed.
// Checks the protocol's caps (URLs, bytes per location), that streaming in uneven pieces finds what one pass over
// the whole file finds, and the time budget.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    fuzzWithinBudget("sitemap", bytes) { bytes in
        let whole = checkedParse(bytes)
        let streamed = stream(bytes)
        if bytes.starts(with: [0x1F, 0x8B]) {
            // Kept compressed as it arrives, to be inflated within a limit: 64 KiB here (the crawl's 50 MiB takes
            // longer than the time budget under the sanitizer; the URL cap has its own unit tests).
            guard case .gzip(let kept) = streamed, kept == Array(bytes.prefix(Sitemap.maximumBytes + 1)) else {
                fail("a gzip body was not kept as it came")
            }
            let limit = 64 << 10
            if let inflated = Sitemap.gunzipped(bytes, limit: limit + 1) {
                if inflated.count > limit + 1 { fail("gunzip went past its limit: \(inflated.count) bytes") }
                _ = checkedParse(inflated)
            }
        } else {
            guard case .parsed(let parsed) = streamed else { fail("a plain body was kept as gzip") }
            if parsed != whole {
                fail("streaming in pieces found \(parsed.locations.count) URLs, one pass \(whole.locations.count)")
            }
        }
    }
    return 0
}

/// `Sitemap.parse` with its caps checked.
func checkedParse(_ bytes: [UInt8]) -> Sitemap.Parsed {
    let parsed = Sitemap.parse(bytes)
    if parsed.locations.count > Sitemap.maximumLocations { fail("\(parsed.locations.count) URLs kept") }
    if parsed.cut == .locations(Sitemap.maximumLocations) && parsed.locations.count != Sitemap.maximumLocations {
        fail("cut at the URL cap with \(parsed.locations.count) URLs")
    }
    for location in parsed.locations where location.utf8.count > Sitemap.maximumLocationBytes || location.isEmpty {
        fail("a location of \(location.utf8.count) bytes")
    }
    return parsed
}

/// The body as the crawl reads it: through `SitemapStream`, in pieces of uneven sizes taken from the bytes.
func stream(_ bytes: [UInt8]) -> SitemapStream.Outcome {
    let consumer = SitemapStream()
    var start = 0
    var step = 1
    while start < bytes.count {
        step = (step * 7 + Int(bytes[start])) % 97 + 1
        let end = min(bytes.count, start + step)
        bytes[start..<end].withUnsafeBufferPointer { consumer.consume($0) }
        start = end
    }
    return consumer.finish()
}

func fail(_ message: String) -> Never { fuzzFail("sitemap", message) }
