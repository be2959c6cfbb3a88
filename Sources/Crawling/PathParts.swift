import AASA

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
        // The first "/" from the authority's end, even past a "?" (`https://a.test?x=/y` has path "/y"); a URL
        // libcurl normalised always has a "/" there. Anything but a `scheme://` URL has no path.
        let authorityEnd = bytes.withUnsafeBufferPointer { URLAuthority($0)?.end } ?? bytes.count
        let start = bytes[authorityEnd...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count
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
