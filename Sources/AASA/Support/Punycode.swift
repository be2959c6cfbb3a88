/// RFC 3492 Punycode. Decoding serves display (reports show an internationalised domain in Unicode with its ASCII
/// form beside it, so an operator recognises `bücher.example` and can still copy `xn--bcher-kva.example`; the result
/// is site-controlled text like any other: escape it before printing) and IDNA, which also encodes.
/// - SeeAlso: https://www.rfc-editor.org/rfc/rfc3492
public enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    /// Longer input is refused: a DNS label has at most 63 characters, and insertion is quadratic in the length.
    private static let maxInput = 255

    /// The Unicode text a Punycode string (a label without its `xn--` prefix) stands for; nil when it is not
    /// valid Punycode.
    public static func decode(_ input: Substring) -> String? {
        let bytes = Array(input.utf8)
        guard bytes.count <= maxInput else { return nil }
        var output: [Unicode.Scalar] = []
        var start = 0
        if let delimiter = bytes.lastIndex(of: UInt8(ascii: "-")) {
            for b in bytes[..<delimiter] {
                guard b < 0x80 else { return nil }
                output.append(Unicode.Scalar(b))
            }
            start = delimiter + 1
        }
        var n = 128
        var i = 0
        var bias = 72
        var position = start
        while position < bytes.count {
            let old = i
            var w = 1
            var k = base
            while true {
                guard position < bytes.count, let digit = digit(bytes[position]) else { return nil }
                position += 1
                let (product, overflow) = digit.multipliedReportingOverflow(by: w)
                guard !overflow, i <= Int(Int32.max) - product else { return nil }
                i += product
                let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                if digit < t { break }
                let (next, wOverflow) = w.multipliedReportingOverflow(by: base - t)
                guard !wOverflow, next <= Int(Int32.max) else { return nil }
                w = next
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - old, count, first: old == 0)
            n += i / count
            i %= count
            guard n >= 0x80, let scalar = Unicode.Scalar(UInt32(clamping: n)) else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: output)
        return text
    }

    /// The Punycode form of `scalars` (a label without its `xn--` prefix, ASCII kept as it is); nil when a delta
    /// passes 2³¹ − 1, the bound RFC 3492 section 6.4 sets so every decoder can read the result back.
    public static func encode(_ scalars: [Unicode.Scalar]) -> String? {
        var output: [UInt8] = scalars.compactMap { $0.isASCII ? UInt8($0.value) : nil }
        let basicCount = output.count
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = 128
        var delta = 0
        var bias = 72
        var handled = basicCount
        while handled < scalars.count {
            // The smallest code point not handled yet; every scalar below it is already in place.
            var m = Int.max
            for s in scalars where Int(s.value) >= n && Int(s.value) < m { m = Int(s.value) }
            let (step, overflow) = (m - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= Int(Int32.max) - step else { return nil }
            delta += step
            n = m
            for s in scalars {
                let c = Int(s.value)
                if c < n {
                    delta += 1
                    guard delta <= Int(Int32.max) else { return nil }
                }
                guard c == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digitByte(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digitByte(q))
                bias = adapt(delta, handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// `host` with every `xn--` label decoded; nil when no label is Punycode or one does not decode.
    public static func unicodeHost(_ host: String) -> String? {
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.contains(where: isEncoded) else { return nil }
        var decoded: [String] = []
        for label in labels {
            if isEncoded(label) {
                // Host names are case-insensitive; decoding keeps the case of ASCII letters, so lower them first.
                guard let text = decode(Substring(label.dropFirst(4).lowercased())), !text.isEmpty else { return nil }
                decoded.append(text)
            } else {
                decoded.append(String(label))
            }
        }
        return decoded.joined(separator: ".")
    }

    /// How reports name a host: `bücher.example (xn--bcher-kva.example)` for an internationalised one (`unicode`
    /// when the caller already has it), the host as it is otherwise.
    public static func display(_ host: String, unicode: String? = nil) -> String {
        guard let shown = unicode ?? unicodeHost(host), shown != host else { return host }
        return "\(shown) (\(host))"
    }

    private static func isEncoded(_ label: Substring) -> Bool {
        label.count > 4 && label.prefix(4).lowercased() == "xn--"
    }

    private static func digit(_ b: UInt8) -> Int? {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(b - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(b - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(b - UInt8(ascii: "0")) + 26
        default: nil
        }
    }

    /// 0-25 as a-z, 26-35 as 0-9: lower case, as IDNA wants its ASCII form.
    private static func digitByte(_ d: Int) -> UInt8 {
        d < 26 ? UInt8(ascii: "a") + UInt8(d) : UInt8(ascii: "0") + UInt8(d - 26)
    }

    private static func adapt(_ delta: Int, _ count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
