/// A prepared URL's bytes and query items in one allocation: the query items first, then the views' bytes (as
/// written, and percent-decoded when the URL has an escape and some rule compares decoded text). One allocation
/// and one reference per URL, where separate arrays cost an allocation each and a retain and a release per array
/// every time a view was read.
final class PreparedURLStorage: ManagedBuffer<PreparedURLStorage.Layout, UInt8> {
    /// Where one view lives in the tail: ranges of the byte area, and its items' place in the item area.
    struct ViewLayout {
        var path: Range<Int>
        var query: Range<Int>
        var fragment: Range<Int>
        /// Byte offset of the view's first item in the tail.
        var items: Int
        var itemCount: Int
    }

    struct Layout {
        var raw: ViewLayout
        /// The percent-decoded view; the same as `raw` when decoding would change nothing or is not needed.
        var decoded: ViewLayout
        /// Byte offset of the byte area in the tail, and its length.
        var bytes: Int
        var byteCount: Int
    }

    /// Both views, valid only inside `body` (they point into this storage).
    @inline(__always) func withViews<R>(_ body: (PreparedURL.View, PreparedURL.View) -> R) -> R {
        withUnsafeMutablePointers { layout, tail in
            let bytes = UnsafeBufferPointer(start: tail + layout.pointee.bytes, count: layout.pointee.byteCount)
            let items = UnsafeRawPointer(tail)
            return body(
                PreparedURL.View(bytes: bytes, layout.pointee.raw, items: items),
                PreparedURL.View(bytes: bytes, layout.pointee.decoded, items: items))
        }
    }

    /// Splits an http(s) URL or an absolute path; nil for anything else.
    static func make(_ b: UnsafeBufferPointer<UInt8>, decode: Bool) -> PreparedURLStorage? {
        let n = b.count
        var i = 0
        // Only http and https URLs are universal links; a bare path is matched as it is.
        if let authority = URLAuthority(b) {
            guard authority.isHTTP(b) else { return nil }
            i = authority.end
        } else if n == 0 || b[0] != UInt8(ascii: "/") {
            return nil
        }
        var hasEscapes = false
        let pathStart = i
        while i < n, b[i] != UInt8(ascii: "?"), b[i] != UInt8(ascii: "#") {
            if b[i] == UInt8(ascii: "%") { hasEscapes = true }
            i += 1
        }
        let pathEnd = i
        var queryStart = i
        var queryEnd = i
        if i < n, b[i] == UInt8(ascii: "?") {
            queryStart = i + 1
            i += 1
            while i < n, b[i] != UInt8(ascii: "#") {
                if b[i] == UInt8(ascii: "%") { hasEscapes = true }
                i += 1
            }
            queryEnd = i
        }
        var fragmentStart = n
        if i < n, b[i] == UInt8(ascii: "#") {
            fragmentStart = i + 1
            for k in fragmentStart..<n where b[k] == UInt8(ascii: "%") { hasEscapes = true }
        }
        let pathCount = pathEnd - pathStart
        let queryCount = queryEnd - queryStart
        let fragmentCount = n - fragmentStart
        var itemCount = 0
        PreparedURL.forEachItem(b, queryStart..<queryEnd) { _ in itemCount += 1 }
        let decodes = decode && hasEscapes
        let itemStride = MemoryLayout<PreparedURL.Item>.stride
        let itemBytes = (decodes ? 2 : 1) * itemCount * itemStride
        // Normalising adds at most two bytes to a path; decoding only shrinks, and a decoded item's name and value
        // together are no longer than the query.
        let rawCapacity = pathCount + 2 + queryCount + fragmentCount
        let byteCapacity = rawCapacity + (decodes ? rawCapacity + 2 + queryCount : 0)
        let empty = ViewLayout(path: 0..<0, query: 0..<0, fragment: 0..<0, items: 0, itemCount: 0)
        let storage = unsafeDowncast(
            PreparedURLStorage.create(minimumCapacity: itemBytes + byteCapacity) { _ in
                Layout(raw: empty, decoded: empty, bytes: itemBytes, byteCount: 0)
            }, to: PreparedURLStorage.self)
        storage.withUnsafeMutablePointers { layout, tail in
            let items = UnsafeMutableRawPointer(tail)
            let out = UnsafeMutableBufferPointer(start: tail + itemBytes, count: byteCapacity)
            let pathLength = PreparedURL.normalisePath(UnsafeBufferPointer(rebasing: b[pathStart..<pathEnd]), into: out)
            var w = pathLength
            let query = w..<(w + queryCount)
            for j in queryStart..<queryEnd {
                out[w] = b[j]
                w += 1
            }
            let fragment = w..<(w + fragmentCount)
            for j in fragmentStart..<n {
                out[w] = b[j]
                w += 1
            }
            var written = 0
            PreparedURL.forEachItem(UnsafeBufferPointer(out), query) { item in
                items.storeBytes(of: item, toByteOffset: written * itemStride, as: PreparedURL.Item.self)
                written += 1
            }
            let raw = ViewLayout(path: 0..<pathLength, query: query, fragment: fragment, items: 0, itemCount: itemCount)
            layout.pointee.raw = raw
            layout.pointee.decoded = raw
            if decodes {
                layout.pointee.decoded = decodedView(of: raw, out, &w, items: items, itemsAt: itemCount * itemStride)
            }
            layout.pointee.byteCount = w
        }
        return storage
    }

    /// Writes the percent-decoded view of `raw` at `out[w...]`, its items from byte `itemsAt` of `items`.
    private static func decodedView(
        of raw: ViewLayout, _ out: UnsafeMutableBufferPointer<UInt8>, _ w: inout Int, items: UnsafeMutableRawPointer,
        itemsAt: Int
    ) -> ViewLayout {
        let input = UnsafeBufferPointer(out)
        let pathStart = w
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.path.count) { decoded in
            let count = PreparedURL.percentDecode(UnsafeBufferPointer(rebasing: input[raw.path]), into: decoded)
            w += PreparedURL.normalisePath(
                UnsafeBufferPointer(rebasing: decoded[0..<count]), into: UnsafeMutableBufferPointer(rebasing: out[w...])
            )
        }
        let path = pathStart..<w
        func decode(_ range: Range<Int>) -> Range<Int> {
            let start = w
            w += PreparedURL.percentDecode(
                UnsafeBufferPointer(rebasing: input[range]), into: UnsafeMutableBufferPointer(rebasing: out[w...]))
            return start..<w
        }
        let query = decode(raw.query)
        let fragment = decode(raw.fragment)
        // Items are decoded one by one: a decoded %26 is data, not a separator.
        let stride = MemoryLayout<PreparedURL.Item>.stride
        for k in 0..<raw.itemCount {
            let item = items.loadUnaligned(fromByteOffset: raw.items + k * stride, as: PreparedURL.Item.self)
            let decoded = PreparedURL.Item(name: decode(item.name), value: decode(item.value))
            items.storeBytes(of: decoded, toByteOffset: itemsAt + k * stride, as: PreparedURL.Item.self)
        }
        return ViewLayout(path: path, query: query, fragment: fragment, items: itemsAt, itemCount: raw.itemCount)
    }
}
