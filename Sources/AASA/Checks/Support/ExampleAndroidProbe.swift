import Foundation

/// Canned Android fetches for the Android transport checks' examples.
public enum ExampleAndroidProbe {
    public static let domain = ExampleProbe.domain
    public static let fileURL = DomainProbe.url(domain, .assetLinks)
    public static let googleURL = DomainProbe.url(domain, .dal)
    public static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    public static let body = """
        [{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", \
        "package_name": "com.acme.shop", "sha256_cert_fingerprints": \
        ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]}}]
        """
    public static let googleBody = """
        {"statements": [{"source": {"web": {"site": "https://example.com."}}, "relation": \
        "delegate_permission/common.handle_all_urls", "target": {"androidApp": {"packageName": "com.acme.shop", \
        "certificate": {"sha256Fingerprint": \
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"}}}}], \
        "maxAge": "3599.5s"}
        """

    /// The file's fetch: by default a healthy 200 answer.
    public static func file(
        status: Int? = 200, contentType: String? = "application/json", body: String? = nil, bytes: Int? = nil,
        failure: FetchFailure? = nil, error: String? = nil, redirectTo: String? = nil, truncated: Bool = false,
        headers: [HeaderField] = [], timings: Timings = Timings(connect: 40, tls: 90, firstByte: 130, total: 140)
    ) -> Exchange {
        var e = ExampleProbe.exchange(
            .assetLinks, status: status, contentType: contentType,
            bytes: bytes.map { [UInt8](repeating: 0x20, count: $0) } ?? Array((body ?? Self.body).utf8),
            agent: UserAgents.android, failure: failure, error: error, redirectTo: redirectTo, truncated: truncated,
            headers: headers)
        e.url = fileURL
        e.timingsMs = timings
        return e
    }

    /// The file's fetch answered by an HTML error page with this status.
    public static func errorPage(_ status: Int) -> Exchange { file(status: status, contentType: "text/html") }

    /// Google's API answer: by default the same statement the file makes.
    public static func google(
        status: Int? = 200, body: String = googleBody, failure: FetchFailure? = nil
    )
        -> Exchange
    {
        var e = ExampleProbe.exchange(
            .dal, status: status, body: body, agent: UserAgents.tool, failure: failure,
            error: failure.map { _ in "Could not resolve host" })
        e.url = googleURL
        return e
    }

    public static func probe(
        _ file: Exchange = file(), google: Exchange? = google(), robotsDisallows: Bool? = false
    ) -> AndroidProbe {
        AndroidProbe(domain: domain, assetLinks: file, google: google, robotsDisallows: robotsDisallows)
    }
}

/// Android fetch examples: the healthy probe passes, and each failing probe's assetlinks.json fetch answers as given,
/// its finding on the file's URL.
extension Examples where Evidence == AndroidProbe {
    public static func fileFailing(_ files: Exchange...) -> Examples {
        Examples(
            passing: [.passing(ExampleAndroidProbe.probe())],
            failing: files.map { .failing(ExampleAndroidProbe.probe($0), at: [ExampleAndroidProbe.fileURL]) })
    }
}
