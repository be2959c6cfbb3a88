import AASA
internal import CCurl
import Foundation

/// What the fetcher needs to know beyond each request.
public struct FetcherConfiguration: Sendable {
    /// curl's `--connect-to HOST:PORT:ADDR:PORT` entries (empty HOST or PORT matches any).
    public var connectTo: [String]
    /// An extra trust anchor (PEM), added to the system's.
    public var caCertificate: String?
    /// Whole-transfer timeout in seconds; connect and low-speed limits derive from it.
    public var timeout: Double
    /// Idle connections kept for reuse beyond those in use; nil: 32, enough for `audit`, whose domains never
    /// share one. `links` revisits its hosts in any order, and a smaller cache closed each connection first.
    public var idleConnections: Int?
    /// Faults the tests inject into the loop's libcurl calls; always off in the tool.
    package var testFaults = TestFaults()

    package struct TestFaults: Sendable {
        /// Every easy handle is first placed in another multi handle, so `curl_multi_add_handle` refuses it.
        package var failsAddingHandles = false
        /// Addresses a guarded host's lookup gives after its check passed, by host: they are pinned unchecked, as a
        /// DNS answer that changed between check and connect would be, so only the open-socket guard stands
        /// between the transfer and them.
        package var answersAfterCheck: [String: [String]] = [:]

        package init(failsAddingHandles: Bool = false, answersAfterCheck: [String: [String]] = [:]) {
            self.failsAddingHandles = failsAddingHandles
            self.answersAfterCheck = answersAfterCheck
        }
    }

    /// Seconds a fetch may take when the caller does not say; `--timeout` declares its default from it.
    public static let standardTimeout: Double = 10

    public init(
        connectTo: [String] = [], caCertificate: String? = nil, timeout: Double = standardTimeout
    ) {
        self.connectTo = connectTo
        self.caCertificate = caCertificate
        self.timeout = timeout
    }
}

/// What the address screen decided for a guarded transfer (`AddressScreen`): the host it judged, the CURLOPT_RESOLVE
/// entry that pins the addresses it checked, and the time the lookup took from the fetch's timeout.
struct AddressGuard: Sendable {
    var host: String
    var pin: String?
    var spentMs: Int
}

/// One transfer in flight: the easy handle, what has arrived, and the waiting caller. Loop-thread only.
final class Transfer {
    let id: UInt64
    let request: FetchRequest
    let completion: @Sendable (Exchange) -> Void
    let easy: CurlEasy
    /// When the last body chunk came, and the longest wait between two (`FetchPolicy.measuresGaps`).
    var lastChunk: ContinuousClock.Instant?
    var longestGap: Duration?
    var body: [UInt8] = []
    /// Decoded bytes seen, including those past the cap that were not kept.
    var seen = 0
    var truncated = false
    var headers: [HeaderField] = []
    var tlsVersion: String?
    let started = Date()
    /// Fed while the body arrives, created at the first body byte (the headers are known by then).
    var consumer: (any BodyConsumer<Void>)?
    var consumerDecided = false
    /// The consumer asked for a pause and has not called `resume` yet: the next chunk pauses the transfer.
    var holding = false
    /// libcurl holds the transfer paused (the write callback answered CURL_WRITEFUNC_PAUSE).
    var paused = false
    /// Handed to the consumer when it asks for a pause; posts the resumption to the fetch loop.
    let resume: @Sendable () -> Void
    /// Set for a host a site named: every address libcurl opens a socket for is checked again (`openSocketCallback`).
    let guarding: AddressGuard?
    /// Why the open-socket check refused an address; the exchange then fails as `refused` with these words.
    var refusal: String?

    /// How far past the cap we read, to report the real size of a slightly-too-large file.
    static let overread = 64 * 1024

    /// The most decoded bytes kept for a policy: its cap plus the overread, saturating (a cap of `Int.max` means
    /// no cap, not an overflow).
    static func readLimit(_ policy: FetchPolicy) -> Int {
        let (sum, overflow) = max(0, policy.maxBytes).addingReportingOverflow(overread)
        return overflow ? Int.max : sum
    }

    /// The longest timeout handed to libcurl (about 24.8 days, what a 32-bit `long` holds): any longer, even
    /// infinite, means "no practical limit", never a trap converting it.
    static let maximumTimeoutMs = Int(Int32.max)

    /// The whole-transfer timeout in milliseconds for any Double: NaN is the default 10 s, anything below 0.1 s
    /// is 0.1 s, anything past `maximumTimeoutMs` (infinity included) is that maximum.
    static func timeoutMs(_ seconds: Double) -> Int {
        guard !seconds.isNaN else { return 10_000 }
        let ms = (seconds * 1000).rounded(.down)
        guard ms < Double(maximumTimeoutMs) else { return maximumTimeoutMs }
        guard ms > 100 else { return 100 }  // -infinity included
        return Int(ms)  // a whole number in 100..<Int32.max here, so the conversion is exact
    }

    /// The low-speed window (seconds with under a byte a second before giving up): the whole timeout, at least 1 s.
    static func lowSpeedSeconds(_ timeoutMs: Int) -> Int { max(1, timeoutMs / 1000) }

    /// `easy` is fresh or reset; `connectTo` is the fetcher's `--connect-to` list, alive as long as the loop;
    /// `trust` the fetcher's anchors.
    /// Throws when libcurl refuses an option: the transfer must not run with a default in its place.
    init(
        id: UInt64, request: FetchRequest, completion: @escaping @Sendable (Exchange) -> Void,
        configuration: FetcherConfiguration, easy: CurlEasy, connectTo: UnsafeMutablePointer<curl_slist>?,
        trust: TrustBundle, guarding: AddressGuard? = nil, resume: @escaping @Sendable () -> Void
    ) throws(CurlSetupError) {
        self.id = id
        self.guarding = guarding
        self.request = request
        self.completion = completion
        self.easy = easy
        self.resume = resume
        let policy = request.policy
        let context = Unmanaged.passUnretained(self).toOpaque()
        try easy.set(CURLOPT_URL, request.url, "CURLOPT_URL")
        try easy.set(CURLOPT_USERAGENT, policy.userAgent, "CURLOPT_USERAGENT")
        try easy.set(CURLOPT_NOSIGNAL, 1, "CURLOPT_NOSIGNAL")
        try easy.set(CURLOPT_FOLLOWLOCATION, 0, "CURLOPT_FOLLOWLOCATION")
        try easy.set(CURLOPT_PROTOCOLS_STR, "https,http", "CURLOPT_PROTOCOLS_STR")
        // Every encoding libcurl can decode; caps count decoded bytes.
        try easy.set(CURLOPT_ACCEPT_ENCODING, "", "CURLOPT_ACCEPT_ENCODING")
        try easy.set(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS, "CURLOPT_HTTP_VERSION")
        try easy.set(CURLOPT_PIPEWAIT, 1, "CURLOPT_PIPEWAIT")
        // The lookup of a guarded host counts against the fetch's timeout, as libcurl's own lookup would.
        let timeoutMs = max(100, Transfer.timeoutMs(configuration.timeout) - (guarding?.spentMs ?? 0))
        try easy.set(CURLOPT_TIMEOUT_MS, timeoutMs, "CURLOPT_TIMEOUT_MS")
        try easy.set(CURLOPT_CONNECTTIMEOUT_MS, min(timeoutMs, 10_000), "CURLOPT_CONNECTTIMEOUT_MS")
        try easy.set(CURLOPT_LOW_SPEED_LIMIT, 1, "CURLOPT_LOW_SPEED_LIMIT")
        try easy.set(CURLOPT_LOW_SPEED_TIME, Transfer.lowSpeedSeconds(timeoutMs), "CURLOPT_LOW_SPEED_TIME")
        // A hint only: libcurl 7.88 neither stops an in-progress download nor counts decoded bytes with it. It
        // refuses a declared-too-large body outright, as the AASA file's policy asks (too large is the finding);
        // the crawl's policies read the beginning up to the cap instead.
        if policy.refusesDeclaredOversize {
            try easy.set(
                CURLOPT_MAXFILESIZE_LARGE, offset: curl_off_t(clamping: Transfer.readLimit(policy)),
                "CURLOPT_MAXFILESIZE_LARGE")
        }
        try easy.set(CURLOPT_CONNECT_TO, shared: connectTo, "CURLOPT_CONNECT_TO")
        if let guarding {
            if let pin = guarding.pin { try easy.set(CURLOPT_RESOLVE, owned: [pin], "CURLOPT_RESOLVE") }
            try easy.set(openSocket: openSocketCallback)
            try easy.set(CURLOPT_OPENSOCKETDATA, pointer: context, "CURLOPT_OPENSOCKETDATA")
        }
        if policy.verifiesPeer {
            try trust.apply(to: easy)
        } else {
            try easy.set(CURLOPT_SSL_VERIFYPEER, 0, "CURLOPT_SSL_VERIFYPEER")
            try easy.set(CURLOPT_SSL_VERIFYHOST, 0, "CURLOPT_SSL_VERIFYHOST")
        }
        if policy.capturesTLS {
            // CERTINFO and the handshake text exist only on a connection's first transfer, never on a reused one.
            try easy.set(CURLOPT_FRESH_CONNECT, 1, "CURLOPT_FRESH_CONNECT")
            try easy.set(CURLOPT_CERTINFO, 1, "CURLOPT_CERTINFO")
            try easy.set(CURLOPT_VERBOSE, 1, "CURLOPT_VERBOSE")
            try easy.set(debug: debugCallback)
            try easy.set(CURLOPT_DEBUGDATA, pointer: context, "CURLOPT_DEBUGDATA")
        }
        try easy.set(CURLOPT_WRITEFUNCTION, write: writeCallback, "CURLOPT_WRITEFUNCTION")
        try easy.set(CURLOPT_WRITEDATA, pointer: context, "CURLOPT_WRITEDATA")
        try easy.set(CURLOPT_HEADERFUNCTION, write: headerCallback, "CURLOPT_HEADERFUNCTION")
        try easy.set(CURLOPT_HEADERDATA, pointer: context, "CURLOPT_HEADERDATA")
    }

    func receive(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if request.policy.measuresGaps {
            let now = ContinuousClock.now
            if let last = lastChunk { longestGap = max(longestGap ?? .zero, now - last) }
            lastChunk = now
        }
        if !consumerDecided {
            consumerDecided = true
            let type = headers.last { $0.name.lowercased() == "content-type" }?.value
            consumer = request.consumer?(type)
        }
        let room = Transfer.readLimit(request.policy) - seen  // never negative: `seen` stops growing past the limit
        seen += bytes.count  // at most the limit plus one chunk: the transfer ends at the first chunk past it
        let kept = bytes.count > room ? UnsafeBufferPointer(rebasing: bytes.prefix(max(0, room))) : bytes
        consumer?.consume(kept)
        if request.policy.keepsBody { body.append(contentsOf: kept) }
        if bytes.count > room {
            truncated = true
            return false
        }
        return true
    }

    /// One raw header line; parsed on bytes, since every crawled page brings a dozen of them.
    func header(_ line: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var end = line.count
        while start < end, line[start] <= 0x20 { start += 1 }
        while end > start, line[end - 1] <= 0x20 { end -= 1 }
        let text = UnsafeBufferPointer(rebasing: line[start..<end])
        if text.starts(with: "HTTP/".utf8) {
            headers = []  // a new response (after 100 Continue or a proxy): keep only the last one's headers
            return
        }
        guard let colon = text.firstIndex(of: UInt8(ascii: ":")), headers.count < 200 else { return }
        guard request.policy.headers.keeps(UnsafeBufferPointer(rebasing: text[..<colon])) else { return }
        var valueStart = colon + 1
        while valueStart < text.count, text[valueStart] == 0x20 || text[valueStart] == 0x09 { valueStart += 1 }
        headers.append(
            HeaderField(
                name: String(decoding: text[..<colon], as: UTF8.self),
                value: String(decoding: text[valueStart...], as: UTF8.self)))
    }

    /// One line of libcurl's informational text; only "SSL connection using TLSv1.3 / TLS_AES_256_GCM_SHA384" is
    /// read. Matched on bytes: a handshake brings dozens of lines, and a String for each showed in profiles.
    func debugText(_ line: UnsafeBufferPointer<UInt8>) {
        let marker = "SSL connection using ".utf8
        guard tlsVersion == nil, line.starts(with: marker) else { return }
        let rest = line.dropFirst(marker.count)
        tlsVersion = String(
            decoding: rest.prefix { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}

@available(*, unavailable)
extension Transfer: Sendable {}

private let writeCallback: curl_write_callback = { pointer, size, count, context in
    // libcurl's contract: size is 1 and the product fits; checked anyway, as an abort rather than a trap.
    let (length, overflow) = size.multipliedReportingOverflow(by: count)
    guard let context, !overflow else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    guard let pointer else { return length }
    // The consumer asked to wait: libcurl keeps this chunk and delivers it again after curl_easy_pause.
    if transfer.holding {
        transfer.paused = true
        return Int(CURL_WRITEFUNC_PAUSE)
    }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
    // Returning less than `length` aborts the transfer: the cap on decoded bytes (gzip bombs stop here).
    guard transfer.receive(bytes) else { return 0 }
    if let consumer = transfer.consumer, consumer.pausesAfterChunk(resume: transfer.resume) {
        transfer.holding = true
    }
    return length
}

private let headerCallback: curl_write_callback = { pointer, size, count, context in
    let (length, overflow) = size.multipliedReportingOverflow(by: count)
    guard let context, !overflow else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    if let pointer, length < 16_384 {
        transfer.header(
            UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length))
    }
    return length
}

private let debugCallback: curl_debug_callback = { _, type, data, size, context in
    guard type == CURLINFO_TEXT, let data, let context, size < 4096 else { return 0 }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: size)
    transfer.debugText(bytes)
    return 0
}

/// The guard at connect time for a host a site named: the address libcurl is about to connect to is refused when it is
/// this machine's or a private network's, whatever supplied it; otherwise the socket is opened as libcurl would.
private let openSocketCallback: curl_opensocket_callback = { context, _, address in
    guard let context, let address else { return CURL_SOCKET_BAD }
    let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
    guard let offset = MemoryLayout<curl_sockaddr>.offset(of: \.addr) else { return CURL_SOCKET_BAD }
    let socketAddress = (UnsafeRawPointer(address) + offset).assumingMemoryBound(to: sockaddr.self)
    guard let bytes = SocketAddress.bytes(socketAddress) else { return CURL_SOCKET_BAD }
    if let blocked = BlockedAddress.classify(bytes, own: LocalAddresses.all) {
        transfer.refusal = AddressScreen.refusal(host: transfer.guarding?.host ?? "the host", address: bytes, blocked)
        return CURL_SOCKET_BAD
    }
    return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
}
