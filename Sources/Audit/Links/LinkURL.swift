import AASA

/// The parts of a link's URL the chain rules read: scheme, host and port (split by the package's one URL splitter).
public struct LinkURL: Sendable, Equatable {
    /// Lower-cased, without `:`.
    public var scheme: String
    /// Lower-cased; empty for a URL without an authority (`mailto:a@b`).
    public var host: String
    /// The explicit port, nil when none is written.
    public var port: Int?
    public var isHTTP: Bool { scheme == "http" || scheme == "https" }

    /// The longest URL or `Location` the chain handles; a longer one is recorded (cut) and not followed.
    public static let maximumLength = 8_192

    /// Nil unless `text` starts with a scheme.
    public init?(_ text: String) {
        var text = text
        let parts = text.withUTF8 { bytes -> (String, String, Substring?)? in
            guard let end = URLAuthority.schemeEnd(bytes) else { return nil }
            let scheme = URLAuthority.lowercased(bytes, 0..<end)
            guard let authority = URLAuthority(bytes) else { return (scheme, "", nil) }
            let host = URLAuthority.lowercased(bytes, authority.host)
            let port = authority.port.map {
                Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self))
            }
            return (scheme, host, port)
        }
        guard let (scheme, host, port) = parts else { return nil }
        self.scheme = scheme
        self.host = host
        if let port, !port.isEmpty {
            guard let number = Int(port), (1...65535).contains(number) else { return nil }
            self.port = number
        } else {
            self.port = nil
        }
    }

    /// Why a chain must not be followed to this URL (another scheme, an IP literal, another port), or nil.
    public var refusal: String? {
        if !isHTTP { return "the \(scheme): scheme is not followed (only http and https are)" }
        if host.isEmpty { return "a URL without a host is not followed" }
        if IPLiteral.isIPAddress(host) || IPLiteral.looksLikeIPAddress(host) {
            return "an IP address is not followed (no app can be associated with one)"
        }
        if let port, port != 443 && port != 80 { return "port \(port) is not followed (only 443 and 80 are)" }
        return nil
    }

    /// `url` as a browser requests it: controls, spaces, DEL, non-ASCII and the quote, angle brackets and backtick after the authority are
    /// percent-encoded (a `Location` carrying raw bytes is still followed, and its escapes never reach a log raw).
    public static func requestForm(_ url: String) -> String {
        var url = url
        return url.withUTF8 { bytes -> String in
            let start = URLAuthority(bytes)?.end ?? bytes.count
            guard bytes[start...].contains(where: needsEncoding) else { return String(decoding: bytes, as: UTF8.self) }
            var out = Array(bytes[..<start])
            let hex = Array("0123456789ABCDEF".utf8)
            for byte in bytes[start...] {
                if needsEncoding(byte) {
                    out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
                } else {
                    out.append(byte)
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    static func needsEncoding(_ byte: UInt8) -> Bool {
        byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "<")
            || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "`")
    }
}
