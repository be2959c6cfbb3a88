internal import CCurl

/// Facts about the libcurl the process runs with, for `--version` and bug reports.
public enum Libcurl {
    /// libcurl's version and TLS backend, e.g. "libcurl/7.88.1 OpenSSL/3.0.19 zlib/1.2.13 …".
    public static var versionString: String {
        String(cString: curl_version())
    }

    /// Whether this libcurl can speak HTTP/2, which the fetcher uses for connection reuse.
    public static var supportsHTTP2: Bool {
        guard let info = curl_version_info(CURLVERSION_TENTH) else { return false }
        return info.pointee.features & Int32(CURL_VERSION_HTTP2) != 0
    }
}
