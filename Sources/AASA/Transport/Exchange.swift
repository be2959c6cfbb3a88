import Foundation

/// Which copy of the file an exchange fetched, or that it was a crawl's fetch: a label for reports, never how
/// to fetch (that is the request's `FetchPolicy`).
public enum FetchLocation: String, Codable, Sendable, CaseIterable {
    case wellKnown = "well-known"
    case root
    case cdn
    /// A page, robots.txt or a sitemap fetched while crawling.
    case page
    /// `/.well-known/assetlinks.json`, fetched as Android's verifier fetches it (`audit --android`).
    case assetLinks = "assetlinks"
    /// Google's Digital Asset Links API answer for the host (`statements:list`), Google's view of the file.
    case dal
}

/// Why a transfer produced no HTTP answer, in the terms of the transport checks.
public enum FetchFailure: String, Codable, Sendable {
    case dns, connect, timeout, tls, protocolError = "protocol", tooLarge = "too-large", cancelled, other
    /// Not attempted: a host a site named resolves to this machine or a private network (`FetchPolicy.guardsAddresses`);
    /// the exchange's `error` says which address and why.
    case refused
}

/// What went wrong with the certificate or the handshake, precisely enough to name the fix.
public enum TLSProblem: String, Codable, Sendable {
    case expired, notYetValid = "not-yet-valid", hostname, selfSigned = "self-signed", untrusted, revoked
    case handshake, protocolVersion = "protocol-version"
}

/// TLS facts of one host, read from a fresh connection.
public struct TLSFacts: Codable, Hashable, Sendable {
    /// Negotiated protocol, e.g. "TLSv1.3".
    @Nullable public var protocolVersion: String?
    public var verified: Bool
    @Nullable public var problem: TLSProblem?
    /// libcurl's or OpenSSL's words for the failure.
    @Nullable public var error: String?
    @Nullable public var subject: String?
    @Nullable public var issuer: String?
    @Nullable public var notAfter: Date?
    @Nullable public var daysLeft: Int?

    public init(
        protocolVersion: String? = nil, verified: Bool, problem: TLSProblem? = nil, error: String? = nil,
        subject: String? = nil, issuer: String? = nil, notAfter: Date? = nil, daysLeft: Int? = nil
    ) {
        self.protocolVersion = protocolVersion
        self.verified = verified
        self.problem = problem
        self.error = error
        self.subject = subject
        self.issuer = issuer
        self.notAfter = notAfter
        self.daysLeft = daysLeft
    }

    enum CodingKeys: String, CodingKey {
        case protocolVersion = "protocol", verified, problem, error, subject, issuer, notAfter, daysLeft
    }
}

public struct HeaderField: Codable, Hashable, Sendable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Milliseconds from the start of the transfer to each phase (libcurl's `*_TIME_T`).
public struct Timings: Codable, Hashable, Sendable {
    public var dns: Double?
    public var connect: Double?
    public var tls: Double?
    public var firstByte: Double?
    public var total: Double?
    /// The longest wait between two chunks of the body, when the request's policy measures it (`measuresGaps`).
    public var longestGap: Double?

    public init(
        dns: Double? = nil, connect: Double? = nil, tls: Double? = nil, firstByte: Double? = nil, total: Double? = nil
    ) {
        self.dns = dns
        self.connect = connect
        self.tls = tls
        self.firstByte = firstByte
        self.total = total
    }
}

/// One request and what came back, exactly as Apple's fetcher would see it (no redirects followed).
public struct Exchange: Codable, Hashable, Sendable {
    public var location: FetchLocation
    public var url: String
    public var userAgent: String
    @Nullable public var httpStatus: Int?
    @Nullable public var contentType: String?
    public var headers: [HeaderField]
    /// Decoded body bytes seen (capped: see `truncated`).
    public var bytes: Int
    /// The body was larger than the cap; `bytes` is then a lower bound.
    public var truncated: Bool
    public var wireBytes: Int
    /// Where a 3xx points (never followed).
    @Nullable public var redirectTo: String?
    @Nullable public var sha256: String?
    @Nullable public var failure: FetchFailure?
    @Nullable public var error: String?
    @Nullable public var tls: TLSFacts?
    public var timingsMs: Timings
    /// The body itself; kept out of the report (the report carries its digest and findings).
    public var body: [UInt8]
    /// The answer's HTTP version ("1.1", "2"); nil without an answer. Not in the report: it tells the auditor
    /// whether its later probes can share the connection at once (HTTP/2 multiplexes) or must take turns on it.
    public var httpVersion: String?

    public init(
        location: FetchLocation, url: String, userAgent: String, httpStatus: Int? = nil, contentType: String? = nil,
        headers: [HeaderField] = [], bytes: Int = 0, truncated: Bool = false, wireBytes: Int = 0,
        redirectTo: String? = nil, sha256: String? = nil, failure: FetchFailure? = nil, error: String? = nil,
        tls: TLSFacts? = nil, timingsMs: Timings = Timings(), body: [UInt8] = []
    ) {
        self.location = location
        self.url = url
        self.userAgent = userAgent
        self.httpStatus = httpStatus
        self.contentType = contentType
        self.headers = headers
        self.bytes = bytes
        self.truncated = truncated
        self.wireBytes = wireBytes
        self.redirectTo = redirectTo
        self.sha256 = sha256
        self.failure = failure
        self.error = error
        self.tls = tls
        self.timingsMs = timingsMs
        self.body = body
    }

    enum CodingKeys: String, CodingKey {
        case location, url, userAgent, httpStatus, contentType, headers, bytes, truncated, wireBytes, redirectTo, sha256
        case failure, error, tls, timingsMs
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        location = try c.decode(FetchLocation.self, forKey: .location)
        url = try c.decode(String.self, forKey: .url)
        userAgent = try c.decode(String.self, forKey: .userAgent)
        httpStatus = try c.decodeIfPresent(Int.self, forKey: .httpStatus)
        contentType = try c.decodeIfPresent(String.self, forKey: .contentType)
        headers = try c.decodeIfPresent([HeaderField].self, forKey: .headers) ?? []
        bytes = try c.decode(Int.self, forKey: .bytes)
        truncated = try c.decodeIfPresent(Bool.self, forKey: .truncated) ?? false
        wireBytes = try c.decodeIfPresent(Int.self, forKey: .wireBytes) ?? 0
        redirectTo = try c.decodeIfPresent(String.self, forKey: .redirectTo)
        sha256 = try c.decodeIfPresent(String.self, forKey: .sha256)
        failure = try c.decodeIfPresent(FetchFailure.self, forKey: .failure)
        error = try c.decodeIfPresent(String.self, forKey: .error)
        tls = try c.decodeIfPresent(TLSFacts.self, forKey: .tls)
        timingsMs = try c.decodeIfPresent(Timings.self, forKey: .timingsMs) ?? Timings()
        body = []
    }

    /// The media type without parameters, lower-cased.
    public var mediaType: String? {
        contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    public func header(_ name: String) -> String? {
        headers.last { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// One fetch to perform: where, labelled for the report, and how.
public struct FetchRequest: Sendable {
    public var url: String
    /// Which copy this is, for the report; the fetcher reads only `policy`.
    public var location: FetchLocation
    public var policy: FetchPolicy
    /// Scans the body as it arrives (crawled pages): set by `consume(with:into:)`, which keeps the output typed.
    public var consumer: BodyConsumerFactory?

    public init(url: String, location: FetchLocation, policy: FetchPolicy, consumer: BodyConsumerFactory? = nil) {
        self.url = url
        self.location = location
        self.policy = policy
        self.consumer = consumer
    }
}

/// Something that performs fetches; the libcurl fetcher in production, canned exchanges in unit tests.
public protocol HTTPFetching: Sendable {
    /// Never throws for site problems (they are in the exchange); only cancellation ends it early.
    func fetch(_ request: FetchRequest) async -> Exchange
    /// Starts a fetch and calls `completion` exactly once, on any thread. A crawl keeps many of these in flight
    /// without a task and a continuation per page; the handle ends it early with a cancelled exchange.
    func start(_ request: FetchRequest, completion: @escaping @Sendable (Exchange) -> Void) -> FetchHandle
}

/// Cancels one started fetch; cancelling a finished one does nothing.
public struct FetchHandle: Sendable {
    public let cancel: @Sendable () -> Void

    public init(cancel: @escaping @Sendable () -> Void) { self.cancel = cancel }
}

extension HTTPFetching {
    /// A task per fetch, for fetchers without a cheaper way.
    public func start(_ request: FetchRequest, completion: @escaping @Sendable (Exchange) -> Void) -> FetchHandle {
        let task = Task { completion(await fetch(request)) }
        return FetchHandle { task.cancel() }
    }
}

/// The user agents the auditor probes with.
public enum UserAgents {
    /// What Apple's CDN sends (reported by third parties; Apple's App Clip docs name "AASA-Bot").
    public static let apple = "AASA-Bot/1.0.0"
    public static let browser =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"
    /// TN3155 suggests testing with an arbitrary bot name like this one.
    public static let genericBot = "MyAgent-Bot/1.0"
    /// This tool, where it asks a service (Google's Digital Asset Links API) rather than imitating a client.
    public static let tool = "aasa-audit (+https://github.com/aasa-audit; Universal Links and App Links audit)"
    /// What Android's open verifier sends: StatementService fetches with HttpsURLConnection, whose default agent is
    /// the system's `http.agent` (Dalvik's `Dalvik/2.1.0 (Linux; U; Android VERSION; MODEL Build/ID)`).
    public static let android = "Dalvik/2.1.0 (Linux; U; Android 15; Pixel 9 Build/AP3A.241105.007)"
}

/// Apple's size limit for the file, counted on the decoded body (swcd's 0x20000).
public enum SizeLimits {
    public static let aasa = 131_072
    /// Above this, warn: one more rule set and the file stops working.
    public static let nearLimit = 100 * 1024
    /// Android's verifier refuses an assetlinks.json whose Content-Length is over 1 MiB (StatementService's
    /// `HTTP_CONTENT_SIZE_LIMIT_IN_BYTES`).
    public static let assetLinks = 1024 * 1024
}
