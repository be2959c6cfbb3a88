/// The URL Standard's "domain to ASCII" (UTS #46 ToASCII with CheckHyphens off, CheckBidi and CheckJoiners on,
/// nontransitional, beStrict false), for the part of it this file covers: ASCII domains, lower-cased. A domain
/// with a non-ASCII character or an `xn--` label needs the Unicode IDNA tables, which this file does not carry,
/// so it is refused with that reason rather than mapped wrongly.
/// - SeeAlso: https://url.spec.whatwg.org/#concept-domain-to-ascii
public enum IDNA {
    /// The lower-cased ASCII form of `domain` (already percent-decoded), or why it has none.
    public static func domainToASCII(_ domain: String) -> Result<String, WebURL.Failure> {
        if let scalar = domain.unicodeScalars.first(where: { !$0.isASCII }) {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return .failure(
                WebURL.Failure(
                    "the host has the non-ASCII character U+\(String(repeating: "0", count: max(0, 4 - hex.count)))"
                        + "\(hex), and internationalised host names cannot be mapped to ASCII here"))
        }
        let lowered = String(decoding: domain.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
        if lowered.split(separator: ".", omittingEmptySubsequences: false).contains(where: { $0.hasPrefix("xn--") }) {
            return .failure(
                WebURL.Failure("the host has an 'xn--' label, and punycode labels cannot be checked here"))
        }
        if lowered.isEmpty { return .failure(WebURL.Failure("the host is empty")) }
        return .success(lowered)
    }
}
