// Fuzz target: the WHATWG URL parser (against bases of each kind, and as a base), domain parsing with punycode,
// and URLAuthority's host against libcurl's.
internal import CCurl

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    // The Standard's serialisation is idempotent: a URL's href parses again to the same href.
    for base in [nil, WebURL("https://e.com/a/b?c=d"), WebURL("file:///C:/x"), WebURL("sc://h/p")] {
        guard case .success(let url) = WebURL.parse(text, base: base) else { continue }
        guard case .success(let again) = WebURL.parse(url.href), again.href == url.href else {
            fatalError("\(url.href) does not parse back to itself (from \(text))")
        }
    }
    if let base = WebURL(text) { _ = WebURL.parse("../x?y#z", base: base) }
    _ = PreparedURL(text)
    _ = DomainParser.parse(text)
    checkHostAgainstLibcurl(text)
    return 0
}

/// URLAuthority's host must be libcurl's wherever both read `text` as a plain http(s) URL: libcurl accepts it
/// as written (no scheme guessing) with an http(s) scheme, and URLAuthority splits it with a non-empty host.
/// Deliberate differences, skipped: libcurl rewrites IPv4 hosts (`0x7f.1` is `127.0.0.1`) and IPv6 literals
/// (zone IDs apart, `[0::1]` is `[::1]`), and URL-decodes `%` escapes in a host; URLAuthority splits, it never
/// rewrites. Text with a NUL is skipped too: libcurl reads a C string, which ends there. Case is compared folded:
/// libcurl hands the host back as written, `httpHost` lower-cases it.
func checkHostAgainstLibcurl(_ text: String) {
    guard !text.utf8.contains(0), let ours = URLAuthority.httpHost(of: text), !ours.isEmpty, !ours.contains("%"),
        !ours.hasPrefix("[")
    else { return }
    _ = curlGlobalInit
    guard let handle = curl_url() else { return }
    defer { curl_url_cleanup(handle) }
    guard curl_url_set(handle, CURLUPART_URL, text, 0) == CURLUE_OK,
        let scheme = CurlURL.get(handle, CURLUPART_SCHEME, 0), scheme == "http" || scheme == "https",
        let theirs = CurlURL.get(handle, CURLUPART_HOST, 0)
    else { return }
    if theirs.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }) {
        return  // an IPv4 address, which libcurl normalises
    }
    if String(decoding: theirs.utf8.map(ASCII.lower), as: UTF8.self) != ours {
        fatalError("URLAuthority host \(ours) != libcurl host \(theirs) for \(text)")
    }
}
