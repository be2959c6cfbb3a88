/// The URL Standard's "domain to ASCII" with beStrict false: UTS #46 ToASCII with UseSTD3ASCIIRules and
/// CheckHyphens off, CheckBidi and CheckJoiners on, nontransitional, no DNS length check, invalid Punycode an error.
/// This is how browsers turn `Bücher.example` into `xn--bcher-kva.example`, so a crawl follows the links a browser
/// follows and names each host as the browser's address bar would.
/// - SeeAlso: https://url.spec.whatwg.org/#concept-domain-to-ascii
/// - SeeAlso: https://www.unicode.org/reports/tr46/#ToASCII
public enum IDNA {
    /// `domain` is the percent-decoded host text; returns the ASCII domain (lower case, `xn--` labels) or why not.
    public static func domainToASCII(_ domain: String) -> Result<String, WebURL.Failure> {
        if let ascii = lowercasedPlainASCII(domain) {
            return ascii.isEmpty ? .failure(WebURL.Failure(reason: "the domain is empty")) : .success(ascii)
        }
        do {
            let labels = try unicodeLabels(domain)
            try IDNALabelRules.checkBidi(labels)
            var parts: [String] = []
            parts.reserveCapacity(labels.count)
            for label in labels {
                if label.allSatisfy(\.isASCII) {
                    var text = ""
                    text.unicodeScalars.append(contentsOf: label)
                    parts.append(text)
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
            return .success(result)
        } catch let failure as WebURL.Failure {
            return .failure(failure)
        } catch {
            return .failure(WebURL.Failure(reason: "the domain could not be converted to ASCII"))
        }
    }

    /// The Standard's shortcut: an ASCII domain with no label starting `xn--` only needs lower-casing (nil
    /// otherwise). Scans the bytes once and returns `domain` itself when it has no upper case, so a crawl of plain
    /// hosts pays neither a table look-up nor an allocation.
    static func lowercasedPlainASCII(_ domain: String) -> String? {
        var domain = domain
        let verdict: (plain: Bool, hasUpper: Bool)? = domain.withUTF8 { bytes in
            var hasUpper = false
            var labelStart = true
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte >= 0x80 { return (false, false) }
                if labelStart, index + 3 < bytes.count, byte | 0x20 == UInt8(ascii: "x"),
                    bytes[index + 1] | 0x20 == UInt8(ascii: "n"), bytes[index + 2] == UInt8(ascii: "-"),
                    bytes[index + 3] == UInt8(ascii: "-")
                {
                    return (false, false)
                }
                if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { hasUpper = true }
                labelStart = byte == UInt8(ascii: ".")
                index += 1
            }
            return (true, hasUpper)
        }
        guard let verdict, verdict.plain else { return nil }
        guard verdict.hasUpper else { return domain }
        return String(decoding: domain.utf8.map(ASCII.lower), as: UTF8.self)
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
