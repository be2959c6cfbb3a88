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
            guard let authority = Authority(base), authority.isKeyForm,
                authority.scheme == "http" || authority.scheme == "https"
            else {
                (origin, directory, host) = (nil, nil, "")
                return
            }
            let bytes = authority.bytes
            let pathStart = authority.authorityEnd
            guard pathStart < bytes.count, bytes[pathStart] == UInt8(ascii: "/"),
                !bytes[pathStart...].contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") })
            else {
                (origin, directory, host) = (nil, nil, "")
                return
            }
            origin = String(decoding: bytes[..<pathStart], as: UTF8.self)
            directory = String(decoding: bytes[...(bytes.lastIndex(of: UInt8(ascii: "/")) ?? pathStart)], as: UTF8.self)
            host = authority.host
        }
    }

    /// The general case: libcurl parses the base and the reference and joins them per RFC 3986.
    static func resolveWithCurl(_ trimmed: String, against base: String) -> Resolved {
        guard let handle = curl_url() else { return .invalid }
        defer { curl_url_cleanup(handle) }
        guard curl_url_set(handle, CURLUPART_URL, base, 0) == CURLUE_OK,
            curl_url_set(handle, CURLUPART_URL, browserEncode(trimmed), 0) == CURLUE_OK,
            let url = get(handle, CURLUPART_URL, 0), let parts = Authority(url),
            parts.scheme == "http" || parts.scheme == "https"
        else { return .invalid }
        // The key: no fragment, no default port, lower-case scheme and host. Most links already are in that
        // form, and then the key shares the URL's storage.
        if parts.isKeyForm { return .web(url: url, key: url, host: parts.host) }
        curl_url_set(handle, CURLUPART_FRAGMENT, nil, 0)
        curl_url_set(handle, CURLUPART_SCHEME, parts.scheme, 0)
        curl_url_set(handle, CURLUPART_HOST, parts.host, 0)
        let key = get(handle, CURLUPART_URL, UInt32(CURLU_NO_DEFAULT_PORT)) ?? url
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

    /// Scheme and host read off a URL libcurl has normalised (`scheme://[userinfo@]host[:port]/…`).
    struct Authority {
        var scheme: String
        var host: String
        /// No user info, port, fragment or upper-case letter in scheme or host: the URL is its own key.
        var isKeyForm: Bool
        /// The URL's bytes, and where its authority ends (at the path, query or fragment, or the end).
        var bytes: [UInt8]
        var authorityEnd: Int

        init?(_ url: String) {
            let bytes = Array(url.utf8)
            guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), bytes.count > colon + 2,
                bytes[colon + 1] == UInt8(ascii: "/"), bytes[colon + 2] == UInt8(ascii: "/")
            else { return nil }
            let start = colon + 3
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "/"), bytes[end] != UInt8(ascii: "?"),
                bytes[end] != UInt8(ascii: "#")
            {
                end += 1
            }
            var authority = bytes[start..<end]
            var plain = true
            if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
                authority = authority[(at + 1)...]
                plain = false
            }
            var hostEnd = authority.endIndex
            if authority.first == UInt8(ascii: "[") {
                if let close = authority.firstIndex(of: UInt8(ascii: "]")) { hostEnd = close + 1 }
            } else if let portColon = authority.firstIndex(of: UInt8(ascii: ":")) {
                hostEnd = portColon
            }
            if hostEnd != authority.endIndex { plain = false }  // an explicit port
            let isUpper: (UInt8) -> Bool = { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
            let rawScheme = bytes[..<colon]
            let rawHost = authority[..<hostEnd]
            if rawScheme.contains(where: isUpper) || rawHost.contains(where: isUpper)
                || bytes[end...].firstIndex(of: UInt8(ascii: "#")) != nil
            {
                plain = false
            }
            scheme = String(decoding: rawScheme, as: UTF8.self).lowercased()
            host = String(decoding: rawHost, as: UTF8.self).lowercased()
            isKeyForm = plain
            self.bytes = bytes
            authorityEnd = end
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
        var length = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: ":"):
                return length == 0 ? nil : String(text.utf8.prefix(length))?.lowercased()
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): length += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard length > 0 else { return nil }
                length += 1
            default: return nil
            }
        }
        return nil
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
