internal import CCurl

/// libcurl's URL API (`curl_url`), used where libcurl must read a URL as it will fetch it (the address guard's host
/// and port). Links themselves are resolved by the WHATWG parser (`WebURL`), which libcurl then fetches as given.
/// - SeeAlso: https://curl.se/libcurl/c/curl_url_get.html
enum CurlURL {
    /// One part of the URL in `handle`, or nil.
    static func get(_ handle: OpaquePointer, _ part: CURLUPart, _ flags: UInt32) -> String? {
        var out: UnsafeMutablePointer<CChar>?
        let code = curl_url_get(handle, part, &out, flags)
        // Free whatever came back, even with an error code (found leaking under the fuzzer).
        defer { if let out { curl_free(out) } }
        guard code == CURLUE_OK, let out else { return nil }
        return String(cString: out)
    }
}
