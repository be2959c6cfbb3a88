import AASA
import Foundation

/// Why a domain given on the command line or in a file cannot be audited.
public struct DomainInputError: Error, Sendable, CustomStringConvertible {
    public var input: String
    public var reason: String
    public var description: String { "\(input.isEmpty ? "(empty)" : "\"\(input)\""): \(reason)" }
}

/// libcurl hands host names to libidn2's idn2_lookup_ul, which reads them in the locale's encoding: in the
/// default "C" locale every non-ASCII name fails, so the process's character type is set to UTF-8 once.
let utf8Locale: Void = {
    if setlocale(LC_CTYPE, "C.UTF-8") == nil { _ = setlocale(LC_CTYPE, "en_US.UTF-8") }
}()

/// Turns what people paste (a host, a URL, an entitlement line, a Unicode name) into the ASCII host to audit.
public enum DomainParser {
    public static func parse(_ raw: String) -> Result<DomainTarget, DomainInputError> {
        let input = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        func fail(_ reason: String) -> Result<DomainTarget, DomainInputError> {
            .failure(DomainInputError(input: input, reason: reason))
        }
        var text = input
        var notes: [String] = []
        guard !text.isEmpty else { return fail("empty domain") }
        // C strings end at NUL: a control character could make libcurl see another host than the one shown.
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return fail("a domain cannot contain control characters")
        }
        if let colon = text.firstIndex(of: ":"), AppleService.all.contains(String(text[..<colon]).lowercased()) {
            text = String(text[text.index(after: colon)...])
            notes.append("read as an entitlement entry (\(input))")
            if let question = text.firstIndex(of: "?") {
                notes.append(
                    "\(text[question...]) noted; the file is audited as for release builds")
                text = String(text[..<question])
            }
        }
        if let url = HTTPURLParts(text) {
            if !url.path.isEmpty && url.path != "/" {
                notes.append("path \(url.path) ignored: the file is always at /.well-known/")
            }
            if url.isPlainHTTP { notes.append("audited over https: Apple fetches the file only over HTTPS") }
            text = url.hostAndPort
        } else if text.contains("://") {
            // Whatever comes before the first "://" here is not http or https: had it been, URLAuthority would
            // have split the URL (`ht tp://x` and `a:b://x` are not split at all).
            return fail("only http and https URLs name a domain")
        } else if text.contains("/") {
            return fail("a domain has no path; give the host alone (the file is always at /.well-known/)")
        }
        if text.hasPrefix("*.") {
            text = String(text.dropFirst(2))
            notes.append(
                "wildcard: audited at the apex \(text), whose file serves *.\(text); list the apex in the entitlement too"
            )
        }
        if text.hasSuffix(".") { text.removeLast() }
        if text.contains(where: { $0 == " " || $0 == "\t" }) { return fail("a domain cannot contain spaces") }
        let ipAddress = "an IP address cannot be an associated domain (Apple needs a host name with a certificate)"
        // Every spelling a resolver reads as an address (`127.1`, `0x7f.1`, `2130706433`, `::1`), with or without
        // a port after it.
        if text.hasPrefix("[") || IPLiteral.isIPAddress(text) { return fail(ipAddress) }
        if let colon = text.lastIndex(of: ":") {
            if IPLiteral.isIPAddress(String(text[..<colon])) { return fail(ipAddress) }
            return fail(
                "ports are not supported: Apple ignores associated domains with a port (\(text[text.index(after: colon)...])); TN3155"
            )
        }
        var unicode: String?
        if text.unicodeScalars.contains(where: { !$0.isASCII }) {
            let ascii: String
            switch asciiHost(text) {
            case .success(let mapped): ascii = mapped
            case .failure(let failure): return fail("not a valid internationalised domain name: \(failure.reason)")
            }
            unicode = text.lowercased()
            notes.append("internationalised name \(text) audited as \(ascii)")
            text = ascii
            // IDNA maps full-width digits and dots to ASCII: "１２７.０.０.１" names 127.0.0.1.
            if IPLiteral.isIPAddress(text) { return fail(ipAddress) }
        }
        text = text.lowercased()
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return fail("a domain needs at least two labels (example.com)") }
        for label in labels {
            guard !label.isEmpty else { return fail("empty label (two dots in a row)") }
            guard label.count <= 63 else { return fail("label longer than 63 characters") }
            guard label.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
                !label.hasPrefix("-"), !label.hasSuffix("-")
            else { return fail("\"\(label)\" is not a valid host name label") }
        }
        guard text.count <= 253 else { return fail("longer than 253 characters") }
        return .success(
            DomainTarget(domain: text, input: input == text ? nil : input, unicode: unicode, notes: notes))
    }

    /// A pasted http(s) URL split by `URLAuthority`; its host and port are then checked as a bare host's are.
    struct HTTPURLParts {
        var isPlainHTTP: Bool
        /// Between the user info (dropped) and the path.
        var hostAndPort: String
        /// From the first `/`, `?` or `#` after the authority; empty when there is none.
        var path: String

        /// Nil unless `text` is an http or https URL.
        init?(_ text: String) {
            var text = text
            guard
                let parts = text.withUTF8({ bytes -> HTTPURLParts? in
                    guard let authority = URLAuthority(bytes), authority.isHTTP(bytes) else { return nil }
                    return HTTPURLParts(
                        isPlainHTTP: authority.scheme.count == 4,
                        hostAndPort: String(decoding: bytes[authority.host.lowerBound..<authority.end], as: UTF8.self),
                        path: String(decoding: bytes[authority.end...], as: UTF8.self))
                })
            else { return nil }
            self = parts
        }

        private init(isPlainHTTP: Bool, hostAndPort: String, path: String) {
            self.isPlainHTTP = isPlainHTTP
            self.hostAndPort = hostAndPort
            self.path = path
        }
    }

    /// The A-label (xn--) form of a Unicode host: the URL Standard's domain to ASCII (UTS #46, as browsers map
    /// it; libcurl's libidn2 reads IDNA 2008 and differs), or why the name has none.
    public static func punycode(_ host: String) -> String? { try? asciiHost(host).get() }

    static func asciiHost(_ host: String) -> Result<String, WebURL.Failure> {
        guard !host.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            return .failure(WebURL.Failure(reason: "a domain cannot contain control characters"))
        }
        return IDNA.domainToASCII(host)
    }
}
