/// SHA-256 signing-certificate fingerprints as Android writes them: 32 bytes of upper-case hex joined by colons.
///
/// The device computes this exact string (AOSP `StatementUtils.computeNormalizedSha256Fingerprint`) and compares it
/// with the file's strings as they are, so `14:6d:…` never matches; Google's DAL rejects it as a malformed
/// certificate (compatibility test 2312).
public enum CertificateFingerprint {
    /// Whether `text` is exactly 32 upper-case colon-separated hex bytes.
    public static func isWellFormed(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 95 else { return false }
        for (i, b) in bytes.enumerated() {
            if i % 3 == 2 {
                if b != UInt8(ascii: ":") { return false }
            } else if !isUpperHex(b) {
                return false
            }
        }
        return true
    }

    /// `text` as Android writes it, when it is 32 bytes of hex in any case, with colons, spaces or nothing between
    /// the bytes (what `keytool`, Play Console and `--android-fingerprint` users paste); else nil.
    public static func normalized(_ text: String) -> String? {
        let digits = hexDigits(text)
        guard let digits, digits.count == 64 else { return nil }
        return format(digits)
    }

    /// How many bytes of hex `text` holds when it is only hex and separators, else nil: 20 is a SHA-1 fingerprint.
    public static func byteCount(_ text: String) -> Int? {
        guard let digits = hexDigits(text), digits.count % 2 == 0 else { return nil }
        return digits.count / 2
    }

    /// The hex digits of `text` upper-cased, when it holds only hex digits and `:`, `-` or space separators
    /// between whole bytes.
    static func hexDigits(_ text: String) -> [UInt8]? {
        var digits: [UInt8] = []
        for b in text.utf8 {
            if b == UInt8(ascii: ":") || b == UInt8(ascii: " ") || b == UInt8(ascii: "-") {
                if digits.count % 2 != 0 { return nil }
                continue
            }
            guard isUpperHex(b) || (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "f")) else { return nil }
            digits.append(b >= UInt8(ascii: "a") ? b - 32 : b)
        }
        return digits.isEmpty ? nil : digits
    }

    static func format(_ digits: [UInt8]) -> String {
        var out: [UInt8] = []
        for (i, d) in digits.enumerated() {
            if i > 0 && i % 2 == 0 { out.append(UInt8(ascii: ":")) }
            out.append(d)
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func isUpperHex(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "F"))
    }
}

/// Android package names (`applicationId`): dot-separated segments of letters, digits and `_`, each starting with a
/// letter; an installable app has at least two (PackageParser `validateName` with `requireSeparator`).
public enum PackageName {
    /// Why `name` is not a package name, or nil.
    public static func problem(_ name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        for segment in segments {
            guard let first = segment.utf8.first else {
                return "it has an empty segment (two dots, or a dot at an end)"
            }
            guard isLetter(first) else {
                return "segment \"\(segment)\" does not start with a letter"
            }
            if let bad = segment.unicodeScalars.first(where: {
                !($0.isASCII && (isLetter(UInt8($0.value)) || isDigitOrUnderscore(UInt8($0.value))))
            }) {
                return
                    "it contains \(bad == " " ? "a space" : "\"\(bad)\""), and only letters, digits, _ and . are allowed"
            }
        }
        if segments.count < 2 { return "it has no dot: an installable app's package name has at least two segments" }
        return nil
    }

    static func isLetter(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
    }
    static func isDigitOrUnderscore(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_")
    }
}

/// The relation grammar both verifiers share: `kind/detail`, each `[a-z0-9_.]+` (AOSP `Relation.create`, DAL
/// compatibility tests 2107-2125).
public enum RelationString {
    /// Why `text` is not a relation, naming the part that is wrong, or nil.
    public static func problem(_ text: String) -> String? {
        guard let slash = text.firstIndex(of: "/") else {
            return "it has no \"/\" between kind and detail"
        }
        let kind = text[..<slash]
        let detail = text[text.index(after: slash)...]
        if !isPart(kind) { return "its kind \"\(kind)\" is not [a-z0-9_.]+" }
        if !isPart(detail) { return "its detail \"\(detail)\" is not [a-z0-9_.]+" }
        return nil
    }

    static func isPart(_ part: Substring) -> Bool {
        !part.isEmpty
            && part.utf8.allSatisfy {
                ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
                    || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                    || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".")
            }
    }
}
