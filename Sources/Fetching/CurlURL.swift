import AASA
internal import CCurl
import Foundation

/// RFC 3986 reference resolution and normalisation with libcurl's URL API (`curl_url`).
/// - SeeAlso: https://curl.se/libcurl/c/curl_url_set.html
public enum CurlURL {
    /// What a link turned out to be.
    public enum Resolved: Equatable, Sendable {
        /// An http(s) URL: `url` as linked (absolute, dot segments removed, encoding kept) for matching, and
        /// `key` (scheme and host lower-cased, default port and fragment dropped) for de-duplication.
        case web(url: String, key: String, host: String)
        /// mailto:, tel:, javascript:, app schemes…: recorded, never followed.
        case otherScheme(String)
        case invalid
    }

    /// Resolves `reference` against `base` as a browser would, encoding spaces and non-ASCII bytes first.
    public static func resolve(_ reference: String, against base: String) -> Resolved {
        resolve(reference, against: Base(base))
    }

    /// The same against a base prepared once, as for all the links of one page.
    public static func resolve(_ reference: String, against base: Base) -> Resolved {
        _ = curlGlobalInit
        let trimmed = trimmingSpaces(reference)
        if let scheme = schemeOf(trimmed), scheme != "http", scheme != "https" { return .otherScheme(scheme) }
        return plainPath(trimmed, against: base) ?? resolveWithCurl(trimmed, against: base.text)
    }

    /// A page URL read once for resolving its links: the prefixes plain paths are joined to.
    public struct Base: Sendable {
        public let text: String
        /// `scheme://host` for "/…" references and the base up to its last "/" for relative ones; nil when the
        /// base is not a plain http(s) URL in key form (user info, port, upper case, query or fragment), which
        /// leaves every reference to libcurl.
        let origin: String?
        let directory: String?
        let host: String

        public init(_ base: String) {
            text = base
            var base = base
            let prefixes = base.withUTF8 { bytes -> (origin: String, directory: String, host: String)? in
                guard let authority = Authority(bytes), authority.isKeyForm else { return nil }
                let pathStart = authority.end
                guard pathStart < bytes.count, bytes[pathStart] == UInt8(ascii: "/"),
                    !bytes[pathStart...].contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
                else { return nil }
                let lastSlash = bytes.lastIndex(of: UInt8(ascii: "/")) ?? pathStart
                return (
                    String(decoding: bytes[..<pathStart], as: UTF8.self),
                    String(decoding: bytes[...lastSlash], as: UTF8.self), authority.host
                )
            }
            (origin, directory, host) = prefixes.map { ($0.origin, $0.directory, $0.host) } ?? (nil, nil, "")
        }
    }

    /// The general case: libcurl parses the base and the reference and joins them per RFC 3986.
    static func resolveWithCurl(_ trimmed: String, against base: String) -> Resolved {
        guard let handle = curl_url() else { return .invalid }
        defer { curl_url_cleanup(handle) }
        guard curl_url_set(handle, CURLUPART_URL, base, 0) == CURLUE_OK,
            curl_url_set(handle, CURLUPART_URL, browserEncode(trimmed), 0) == CURLUE_OK,
            var url = get(handle, CURLUPART_URL, 0), let parts = url.withUTF8({ Authority($0) })
        else { return .invalid }
        // The key: no fragment, no default port, lower-case scheme and host. Most links already are in that
        // form, and then the key shares the URL's storage.
        if parts.isKeyForm { return .web(url: url, key: url, host: parts.host) }
        // A part libcurl refuses to set would leave a key that is not the key form (two spellings of one page
        // crawled twice): such a URL is not followed.
        guard curl_url_set(handle, CURLUPART_FRAGMENT, nil, 0) == CURLUE_OK,
            curl_url_set(handle, CURLUPART_SCHEME, parts.scheme, 0) == CURLUE_OK,
            curl_url_set(handle, CURLUPART_HOST, parts.host, 0) == CURLUE_OK,
            let key = get(handle, CURLUPART_URL, UInt32(CURLU_NO_DEFAULT_PORT))
        else { return .invalid }
        return .web(url: url, key: key, host: parts.host)
    }

    /// Most links on a page are plain paths ("/p/12.html", "next.html"): letters, digits and `-._~/` with no
    /// dot segment. Joined to a plain base they resolve to what libcurl would return, without a URL handle.
    static func plainPath(_ reference: String, against base: String) -> Resolved? {
        plainPath(reference, against: Base(base))
    }

    static func plainPath(_ reference: String, against base: Base) -> Resolved? {
        guard let origin = base.origin, let directory = base.directory else { return nil }
        var reference = reference
        let first: UInt8? = reference.withUTF8 { ref in
            guard let first = ref.first, first != UInt8(ascii: "."),
                !(ref.count > 1 && first == UInt8(ascii: "/") && ref[1] == UInt8(ascii: "/"))
            else { return nil }
            var previous = UInt8(ascii: "/")
            for byte in ref {
                guard isPathByte(byte), byte != UInt8(ascii: ".") || previous != UInt8(ascii: "/") else {
                    return nil  // not a plain byte, or ./ ../ .hidden
                }
                previous = byte
            }
            return first
        }
        guard let first else { return nil }
        let url = (first == UInt8(ascii: "/") ? origin : directory) + reference
        return .web(url: url, key: url, host: base.host)
    }

    @inline(__always) static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"), UInt8(ascii: "/"):
            true
        default: false
        }
    }

    /// What resolution reads off an http(s) URL's authority, as `URLAuthority` splits it.
    struct Authority {
        /// "http" or "https".
        var scheme: String
        /// Lower-cased.
        var host: String
        /// No user info, port, fragment or upper-case letter in scheme or host: the URL is its own key.
        var isKeyForm: Bool
        /// Where the path starts.
        var end: Int

        /// Nil unless `url` is an http or https URL (`scheme://[userinfo@]host[:port]…`).
        init?(_ url: UnsafeBufferPointer<UInt8>) {
            guard let authority = URLAuthority(url), authority.isHTTP(url) else { return nil }
            scheme = authority.scheme.count == 4 ? "http" : "https"
            host = URLAuthority.lowercased(url, authority.host)
            end = authority.end
            isKeyForm = Authority.isKeyForm(url, authority)
        }

        /// A colon in a host that is not an IP literal counts as a port, as does anything after an IP literal's
        /// `]`: URLAuthority keeps `a:b]` whole as a host, which must not pass for a key.
        static func isKeyForm(_ url: UnsafeBufferPointer<UInt8>, _ authority: URLAuthority) -> Bool {
            guard authority.userInfo == nil, authority.port == nil, authority.host.upperBound == authority.end else {
                return false
            }
            for i in authority.scheme where isUpper(url[i]) { return false }
            let literal = !authority.host.isEmpty && url[authority.host.lowerBound] == UInt8(ascii: "[")
            for i in authority.host where isUpper(url[i]) || (!literal && url[i] == UInt8(ascii: ":")) {
                return false
            }
            for i in authority.end..<url.count where url[i] == UInt8(ascii: "#") { return false }
            return true
        }

        @inline(__always) static func isUpper(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
        }
    }

    /// Leading and trailing ASCII whitespace and controls removed, as the URL standard strips them from hrefs.
    static func trimmingSpaces(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last, first <= 0x20 || last <= 0x20 else { return text }
        guard let start = utf8.firstIndex(where: { $0 > 0x20 }), let end = utf8.lastIndex(where: { $0 > 0x20 })
        else { return "" }
        return String(text[start...end])
    }

    static func get(_ handle: OpaquePointer, _ part: CURLUPart, _ flags: UInt32) -> String? {
        var out: UnsafeMutablePointer<CChar>?
        let code = curl_url_get(handle, part, &out, flags)
        // Free whatever came back, even with an error code (found leaking under the fuzzer).
        defer { if let out { curl_free(out) } }
        guard code == CURLUE_OK, let out else { return nil }
        return String(cString: out)
    }

    /// The scheme of an absolute reference, lower-cased; nil for a relative one.
    static func schemeOf(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes in URLAuthority.schemeEnd(bytes).map { URLAuthority.lowercased(bytes, 0..<$0) } }
    }

    /// Percent-encodes what browsers encode before sending: spaces, controls, quotes, angle brackets, non-ASCII.
    static func browserEncode(_ text: String) -> String {
        guard text.utf8.contains(where: { !isPlain($0) }) else { return text }
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if isPlain(byte) {
                out.append(byte)
            } else if byte == UInt8(ascii: "\\") {
                out.append(UInt8(ascii: "/"))
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    @inline(__always) static func isPlain(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "`"), UInt8(ascii: "{"),
            UInt8(ascii: "}"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "\\"):
            false
        case 0x21...0x7E: true
        default: false
        }
    }
}
