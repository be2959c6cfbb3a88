import CCurl
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
        _ = curlGlobalInit
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        if let scheme = schemeOf(trimmed), scheme != "http", scheme != "https" { return .otherScheme(scheme) }
        guard let handle = curl_url() else { return .invalid }
        defer { curl_url_cleanup(handle) }
        guard curl_url_set(handle, CURLUPART_URL, base, 0) == CURLUE_OK else { return .invalid }
        let encoded = browserEncode(trimmed)
        guard curl_url_set(handle, CURLUPART_URL, encoded, 0) == CURLUE_OK else { return .invalid }
        guard let url = get(handle, CURLUPART_URL, 0), let scheme = get(handle, CURLUPART_SCHEME, 0)?.lowercased(),
            scheme == "http" || scheme == "https", let host = get(handle, CURLUPART_HOST, 0)?.lowercased()
        else { return .invalid }
        // The key: no fragment, no default port, lower-case host.
        curl_url_set(handle, CURLUPART_FRAGMENT, nil, 0)
        curl_url_set(handle, CURLUPART_HOST, host, 0)
        let key = get(handle, CURLUPART_URL, UInt32(CURLU_NO_DEFAULT_PORT)) ?? url
        return .web(url: url, key: key, host: host)
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
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter,
            scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return scheme.lowercased()
    }

    /// Percent-encodes what browsers encode before sending: spaces, controls, quotes, angle brackets, non-ASCII.
    static func browserEncode(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case 0x21...0x7E where !"\"<>`{}|^\\".utf8.contains(byte):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "\\"):
                out.append("/")
            default:
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}
