/// The URL Standard's "domain to ASCII" (its "domain parser") with beStrict false, as it stands since whatwg/url
/// PR #914 (June 2026, WPT `url/resources/urltestdata.json` of July 2026): an ASCII domain is only lower-cased, even
/// when a label starting `xn--` would fail UTS #46 (sites such as `xn--8i7caa.famitei.net` live on such labels);
/// any other goes through UTS #46 ToASCII with UseSTD3ASCIIRules and CheckHyphens off, CheckBidi and CheckJoiners on,
/// nontransitional, no DNS length check, invalid Punycode an error. Either way an empty result or a forbidden domain
/// code point fails. This is how browsers turn `Bücher.example` into `xn--bcher-kva.example`, so a crawl follows the
/// links a browser follows and names each host as the browser's address bar would.
/// - SeeAlso: https://url.spec.whatwg.org/#concept-domain-to-ascii
/// - SeeAlso: https://www.unicode.org/reports/tr46/#ToASCII
public enum IDNA {
    /// `domain` is the percent-decoded host text; returns the ASCII domain (lower case, `xn--` labels) or why not.
    public static func domainToASCII(_ domain: String) -> Result<String, WebURL.Failure> {
        if let ascii = asciiDomain(domain) { return ascii }
        do throws(WebURL.Failure) {
            let labels = try unicodeLabels(domain)
            try IDNALabelRules.checkBidi(labels)
            var parts: [String] = []
            parts.reserveCapacity(labels.count)
            for label in labels {
                if label.allSatisfy(\.isASCII) {
                    parts.append(string(label))
                } else {
                    guard let encoded = Punycode.encode(label) else {
                        throw WebURL.Failure(reason: "a label of the domain is too long to encode as Punycode")
                    }
                    parts.append("xn--" + encoded)
                }
            }
            let result = parts.joined(separator: ".")
            guard !result.isEmpty else {
                throw WebURL.Failure(reason: "the domain is empty once the characters IDNA ignores are removed")
            }
            if let bad = result.utf8.first(where: isForbiddenDomainByte) {
                throw forbidden(bad)
            }
            return .success(result)
        } catch {
            return .failure(error)
        }
    }

    /// The Standard's ASCII branch: nil when `domain` has a non-ASCII character, else the domain lower-cased or why
    /// it is not a domain (empty, a forbidden domain code point). One pass over the bytes, and `domain` itself comes
    /// back when it has no upper case, so a crawl of plain hosts pays neither a table look-up nor an allocation.
    static func asciiDomain(_ domain: String) -> Result<String, WebURL.Failure>? {
        var domain = domain
        // `stop` is 0x80 at a non-ASCII byte, the byte itself at a forbidden one (all ASCII), 0xFF at the end.
        let scan = domain.withUTF8 { bytes -> (stop: UInt8, hasUpper: Bool) in
            var hasUpper = false
            for byte in bytes {
                if byte >= 0x80 { return (0x80, false) }
                if isForbiddenDomainByte(byte) { return (byte, hasUpper) }
                hasUpper = hasUpper || byte &- UInt8(ascii: "A") < 26
            }
            return (0xFF, hasUpper)
        }
        if scan.stop == 0x80 { return nil }
        if scan.stop != 0xFF { return .failure(forbidden(scan.stop)) }
        let hasUpper = scan.hasUpper
        if domain.isEmpty { return .failure(WebURL.Failure(reason: "the domain is empty")) }
        return .success(hasUpper ? String(decoding: domain.utf8.map(ASCII.lower), as: UTF8.self) : domain)
    }

    /// The URL Standard's forbidden domain code points, all ASCII: C0 controls, space, `# % / : < > ? @ [ \ ] ^ |`
    /// and DEL, as two bit masks over the byte values 0-63 and 64-127.
    private static func isForbiddenDomainByte(_ byte: UInt8) -> Bool {
        byte < 64 ? (forbiddenLow >> byte) & 1 != 0 : (forbiddenHigh >> (byte - 64)) & 1 != 0
    }

    /// Bits 0-32 (C0 controls and space) and `# % / : < > ?`; IDNATests checks every ASCII byte against the list.
    static let forbiddenLow: UInt64 = 0xD400_8029_FFFF_FFFF
    /// `@ [ \ ] ^ |` and DEL, less 64.
    static let forbiddenHigh: UInt64 = 0x9000_0000_7800_0001

    private static func forbidden(_ byte: UInt8) -> WebURL.Failure {
        WebURL.Failure(
            reason:
                "the domain contains a character a host name cannot have: \(IDNALabelRules.name(Unicode.Scalar(byte)))")
    }

    /// UTS #46 processing steps 1-4 (map, normalise, break, convert and validate): each label as Unicode.
    private static func unicodeLabels(_ domain: String) throws(WebURL.Failure) -> [[Unicode.Scalar]] {
        var mapped = ""
        mapped.unicodeScalars.reserveCapacity(domain.unicodeScalars.count)
        for scalar in domain.unicodeScalars {
            switch Table.mapping(of: scalar) {
            case .valid, .disallowed: mapped.unicodeScalars.append(scalar)
            case .ignored: break
            case .scalar(let target): mapped.unicodeScalars.append(target)
            case .sequence(let values):
                for value in values { mapped.unicodeScalars.append(Unicode.Scalar(value)!) }
            }
        }
        let normalized = nfc(mapped)
        var labels: [[Unicode.Scalar]] = []
        for text in normalized.unicodeScalars.split(separator: ".", omittingEmptySubsequences: false) {
            var label = Array(text)
            if isPunycode(label) {
                label = try decoded(label)
                guard label == Array(nfc(string(label)).unicodeScalars) else {
                    throw WebURL.Failure(
                        reason: "a label decodes to text that is not in Unicode normalization form C: \(string(text))")
                }
                guard !isPunycode(label) else {
                    throw WebURL.Failure(
                        reason: "a label decodes to text that itself starts with xn--: \(string(text))")
                }
            }
            try IDNALabelRules.validate(label)
            labels.append(label)
        }
        return labels
    }

    /// Step 4's conversion of an `xn--` label: ASCII, valid Punycode, and not plain ASCII once decoded.
    private static func decoded(_ label: [Unicode.Scalar]) throws(WebURL.Failure) -> [Unicode.Scalar] {
        if let wide = label.first(where: { !$0.isASCII }) {
            throw WebURL.Failure(
                reason: "a label that starts with xn-- contains the non-ASCII character \(IDNALabelRules.name(wide))")
        }
        let text = string(label)
        guard let decoded = Punycode.decode(text.dropFirst(4)) else {
            throw WebURL.Failure(reason: "a label is not valid Punycode: \(text)")
        }
        let scalars = Array(decoded.unicodeScalars)
        guard scalars.contains(where: { !$0.isASCII }) else {
            throw WebURL.Failure(reason: "a label is Punycode for plain ASCII text, which IDNA refuses: \(text)")
        }
        return scalars
    }

    private static func isPunycode(_ label: [Unicode.Scalar]) -> Bool {
        label.count >= 4 && label[0] == "x" && label[1] == "n" && label[2] == "-" && label[3] == "-"
    }

    /// Unicode normalization form C from the standard library, whose Unicode version is the table's (Foundation's
    /// `precomposedStringWithCanonicalMapping` on Linux lags behind it and misses compositions added in Unicode 16).
    private static func nfc(_ text: String) -> String {
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    private static func string(_ scalars: some Sequence<Unicode.Scalar>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }
}
