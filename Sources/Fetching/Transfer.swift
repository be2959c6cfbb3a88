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

    public init(
        connectTo: [String] = [], caCertificate: String? = nil, timeout: Double = 10
    ) {
        self.connectTo = connectTo
        self.caCertificate = caCertificate
        self.timeout = timeout
    }
}

/// One transfer in flight: the easy handle, what has arrived, and the waiting caller. Loop-thread only.
final class Transfer {
    let id: UInt64
    let request: FetchRequest
    let completion: @Sendable (Exchange) -> Void
    let easy: CurlEasy
    var body: [UInt8] = []
    /// Decoded bytes seen, including those past the cap that were not kept.
    var seen = 0
    var truncated = false
    var headers: [HeaderField] = []
    var tlsVersion: String?
    let started = Date()
    /// Fed while the body arrives, created at the first body byte (the headers are known by then).
    var consumer: (any BodyConsumer)?
    var consumerDecided = false

    /// Looked up once: every crawled page would otherwise stat the directory.
    static let systemCertificates = FileManager.default.fileExists(atPath: "/etc/ssl/certs")

    /// How far past the cap we read, to report the real size of a slightly-too-large file.
    static let overread = 64 * 1024

    /// `easy` is fresh or reset; `connectTo` is the fetcher's `--connect-to` list, alive as long as the loop.
    init(
        id: UInt64, request: FetchRequest, completion: @escaping @Sendable (Exchange) -> Void,
        configuration: FetcherConfiguration, easy: CurlEasy, connectTo: UnsafeMutablePointer<curl_slist>?
    ) {
        self.id = id
        self.request = request
        self.completion = completion
        self.easy = easy
        let policy = request.policy
        let context = Unmanaged.passUnretained(self).toOpaque()
        easy.set(CURLOPT_URL, request.url)
        easy.set(CURLOPT_USERAGENT, policy.userAgent)
        easy.set(CURLOPT_NOSIGNAL, 1)
        easy.set(CURLOPT_FOLLOWLOCATION, 0)
        easy.set(CURLOPT_PROTOCOLS_STR, "https,http")
        easy.set(CURLOPT_ACCEPT_ENCODING, "")  // every encoding libcurl can decode; caps count decoded bytes
        easy.set(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_2TLS)
        easy.set(CURLOPT_PIPEWAIT, 1)
        let timeoutMs = max(100, Int(configuration.timeout * 1000))
        easy.set(CURLOPT_TIMEOUT_MS, timeoutMs)
        easy.set(CURLOPT_CONNECTTIMEOUT_MS, min(timeoutMs, 10_000))
        easy.set(CURLOPT_LOW_SPEED_LIMIT, 1)
        easy.set(CURLOPT_LOW_SPEED_TIME, max(1, Int(configuration.timeout)))
        // A hint only: libcurl 7.88 neither stops an in-progress download nor counts decoded bytes with it. It
        // refuses a declared-too-large body outright, as the AASA file's policy asks (too large is the finding);
        // the crawl's policies read the beginning up to the cap instead.
        if policy.refusesDeclaredOversize {
            _ = ccurl_setopt_off(
                easy.handle, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(policy.maxBytes + Transfer.overread))
        }
        easy.set(CURLOPT_CONNECT_TO, shared: connectTo)
        if let ca = configuration.caCertificate {
            easy.set(CURLOPT_CAINFO, ca)
            // CAINFO replaces the bundle; the system directory keeps public CAs trusted too.
            if Transfer.systemCertificates { easy.set(CURLOPT_CAPATH, "/etc/ssl/certs") }
        }
        if !policy.verifiesPeer {
            easy.set(CURLOPT_SSL_VERIFYPEER, 0)
            easy.set(CURLOPT_SSL_VERIFYHOST, 0)
        }
        if policy.capturesTLS {
            // CERTINFO and the handshake text exist only on a connection's first transfer, never on a reused one.
            easy.set(CURLOPT_FRESH_CONNECT, 1)
            easy.set(CURLOPT_CERTINFO, 1)
            easy.set(CURLOPT_VERBOSE, 1)
            _ = ccurl_setopt_debug_function(easy.handle, debugCallback)
            easy.set(CURLOPT_DEBUGDATA, pointer: context)
        }
        _ = ccurl_setopt_write_function(easy.handle, CURLOPT_WRITEFUNCTION, writeCallback)
        easy.set(CURLOPT_WRITEDATA, pointer: context)
        _ = ccurl_setopt_write_function(easy.handle, CURLOPT_HEADERFUNCTION, headerCallback)
        easy.set(CURLOPT_HEADERDATA, pointer: context)
    }

    func receive(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if !consumerDecided {
            consumerDecided = true
            let type = headers.last { $0.name.lowercased() == "content-type" }?.value
            consumer = request.consumer?(type)
        }
        let room = request.policy.maxBytes + Transfer.overread - seen
        seen += bytes.count
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

    func debugText(_ text: String) {
        // "SSL connection using TLSv1.3 / TLS_AES_256_GCM_SHA384"
        guard tlsVersion == nil, let range = text.range(of: "SSL connection using ") else { return }
        tlsVersion = text[range.upperBound...].split(separator: " ").first.map(String.init)
    }
}

@available(*, unavailable)
extension Transfer: Sendable {}

private let writeCallback: curl_write_callback = { pointer, size, count, context in
    let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
    let length = size * count
    guard let pointer else { return length }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
    // Returning less than `length` aborts the transfer: the cap on decoded bytes (gzip bombs stop here).
    return transfer.receive(bytes) ? length : 0
}

private let headerCallback: curl_write_callback = { pointer, size, count, context in
    let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
    let length = size * count
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
    transfer.debugText(String(decoding: bytes, as: UTF8.self))
    return 0
}
