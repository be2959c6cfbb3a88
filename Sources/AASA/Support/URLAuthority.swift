/// Where the scheme, user info, host and port of an absolute URL (`scheme://[userinfo@]host[:port]…`) lie in its
/// UTF-8 bytes, found in one pass with no allocation: the matcher, the URL table, link resolution and the crawl-trap
/// defences read it per URL, and domain parsing splits pasted URLs with it. It is the package's one URL splitter.
///
/// It splits, it does not validate: the authority ends at the first `/`, `?` or `#`, the user info at its last `@`,
/// an IP literal keeps its brackets (`[::1]`), and any other host runs to the authority's last `:` (none when a `]`
/// follows it), so stray `:` and `]` stay in the host (`a.test:80:` has host `a.test:80`): a malformed authority
/// never passes for a clean host.
package struct URLAuthority: Equatable, Sendable {
    /// The scheme, without its `:`.
    package var scheme: Range<Int>
    /// The user info, without its `@`; nil when there is none.
    package var userInfo: Range<Int>?
    /// The host, brackets included for an IP literal; empty in `http:///x`.
    package var host: Range<Int>
    /// The port's text after the `:`; nil without a `:`, empty for `host:`.
    package var port: Range<Int>?
    /// Where the path starts: the first `/`, `?` or `#` after the authority, or the end of the URL.
    package var end: Int

    /// Splits `url`; nil unless it starts with a scheme (a letter, then letters, digits, `+`, `-` or `.`), `:` and
    /// `//`. Inlined: the matcher splits every URL it prepares with it.
    @inline(__always) package init?(_ url: UnsafeBufferPointer<UInt8>) {
        let n = url.count
        guard let colon = URLAuthority.schemeEnd(url), colon + 2 < n, url[colon + 1] == UInt8(ascii: "/"),
            url[colon + 2] == UInt8(ascii: "/")
        else {
            return nil
        }
        let start = colon + 3
        // One forward pass notes the last `@` and the last `:` or `]` on its way to the authority's end.
        var end = start
        var lastAt = -1
        var lastMark = -1
        while end < n {
            let byte = url[end]
            // Letters, and every byte above `@` but `]`, end nothing and mark nothing: most of a host.
            if byte > UInt8(ascii: "@"), byte != UInt8(ascii: "]") {
                end += 1
                continue
            }
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: "@") {
                lastAt = end
            } else if byte == UInt8(ascii: ":") || byte == UInt8(ascii: "]") {
                lastMark = end
            }
            end += 1
        }
        var hostStart = start
        var userInfo: Range<Int>?
        if lastAt >= 0 {
            userInfo = start..<lastAt
            hostStart = lastAt + 1
        }
        var hostEnd = end
        var port: Range<Int>?
        if hostStart < end, url[hostStart] == UInt8(ascii: "[") {
            hostEnd = hostStart
            while hostEnd < end, url[hostEnd] != UInt8(ascii: "]") { hostEnd += 1 }
            if hostEnd < end { hostEnd += 1 }  // the "]"
            if hostEnd < end, url[hostEnd] == UInt8(ascii: ":") { port = (hostEnd + 1)..<end }
        } else if lastMark >= hostStart, url[lastMark] == UInt8(ascii: ":") {
            // The host's last `:` or `]` is a `:`: the port follows it.
            hostEnd = lastMark
            port = (lastMark + 1)..<end
        }
        scheme = 0..<colon
        self.userInfo = userInfo
        host = hostStart..<hostEnd
        self.port = port
        self.end = end
    }

    /// Where the scheme ends: the index of the `:` after a letter and letters, digits, `+`, `-` or `.`; nil when
    /// `url` does not start with a scheme. Relative references (`mailto:x`, `/p`) need no `//` to be told apart.
    @inline(__always) package static func schemeEnd(_ url: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = url.first, isLetter(first) else { return nil }
        var colon = 1
        while colon < url.count, url[colon] != UInt8(ascii: ":") {
            guard isSchemeByte(url[colon]) else { return nil }
            colon += 1
        }
        return colon < url.count ? colon : nil
    }

    /// The lower-cased scheme `text` starts with; nil for a relative reference.
    package static func scheme(of text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes in schemeEnd(bytes).map { lowercased(bytes, 0..<$0) } }
    }

    /// The lower-cased host of an http or https URL; nil for any other URL or a bare path.
    package static func httpHost(of url: String) -> String? {
        var url = url
        return url.withUTF8 { bytes in
            guard let authority = URLAuthority(bytes), authority.isHTTP(bytes) else { return nil }
            return URLAuthority.lowercased(bytes, authority.host)
        }
    }

    /// The scheme is http or https, in any case.
    @inline(__always) package func isHTTP(_ url: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = scheme.count
        guard n == 4 || n == 5,
            ASCII.lower(url[0]) == UInt8(ascii: "h"), ASCII.lower(url[1]) == UInt8(ascii: "t"),
            ASCII.lower(url[2]) == UInt8(ascii: "t"), ASCII.lower(url[3]) == UInt8(ascii: "p")
        else { return false }
        return n == 4 || ASCII.lower(url[4]) == UInt8(ascii: "s")
    }

    /// The bytes of `range` with A-Z lowered, as a string (no allocation up to 15 bytes).
    package static func lowercased(_ url: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(unsafeUninitializedCapacity: range.count) { out in
            var k = 0
            for i in range {
                out[k] = ASCII.lower(url[i])
                k += 1
            }
            return k
        }
    }

    @inline(__always) static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    @inline(__always) static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
