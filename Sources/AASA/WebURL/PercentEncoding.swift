/// The URL Standard's percent-encode sets, as bit masks over ASCII: every byte above 0x7E is in every set, so a
/// non-ASCII code point is written as the percent-encoding of each of its UTF-8 bytes.
/// - SeeAlso: https://url.spec.whatwg.org/#percent-encoded-bytes
struct PercentEncodeSet: Sendable {
    /// Bytes 0x00–0x3F.
    let low: UInt64
    /// Bytes 0x40–0x7F.
    let high: UInt64

    /// The C0 control percent-encode set plus `extra`.
    init(adding extra: String) {
        var low: UInt64 = 0xFFFF_FFFF  // C0 controls
        var high: UInt64 = 1 << 63  // U+007F DELETE
        for byte in extra.utf8 {
            if byte < 0x40 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 0x40) }
        }
        self.low = low
        self.high = high
    }

    @inline(__always) func contains(_ byte: UInt8) -> Bool {
        if byte < 0x40 { return (low >> UInt64(byte)) & 1 != 0 }
        if byte < 0x80 { return (high >> UInt64(byte &- 0x40)) & 1 != 0 }
        return true
    }

    static let c0Control = PercentEncodeSet(adding: "")
    static let fragment = PercentEncodeSet(adding: " \"<>`")
    static let query = PercentEncodeSet(adding: " \"#<>")
    static let specialQuery = PercentEncodeSet(adding: " \"#<>'")
    static let path = PercentEncodeSet(adding: " \"#<>?^`{}")
    static let userinfo = PercentEncodeSet(adding: " \"#<>?^`{}/:;=@[\\]|")
}

/// Writing and reading `%XX`.
enum PercentEncoding {
    @inline(__always) static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 &+ value : 0x37 &+ value  // "0"–"9", "A"–"F"
    }

    /// Appends `byte`, percent-encoded when `set` holds it.
    @inline(__always) static func append(_ byte: UInt8, _ set: PercentEncodeSet, to out: inout [UInt8]) {
        if set.contains(byte) {
            out.append(UInt8(ascii: "%"))
            out.append(hexDigit(byte >> 4))
            out.append(hexDigit(byte & 0xF))
        } else {
            out.append(byte)
        }
    }

    static func append<C: Collection<UInt8>>(_ bytes: C, _ set: PercentEncodeSet, to out: inout [UInt8]) {
        for byte in bytes { append(byte, set, to: &out) }
    }

    /// The value of an ASCII hex digit, or nil.
    @inline(__always) static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- 0x30
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- 0x57
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- 0x37
        default: nil
        }
    }

    /// The Standard's percent-decode: each `%` followed by two hex digits becomes that byte; anything else stays.
    static func decode<C: Collection<UInt8>>(_ bytes: C) -> [UInt8] where C.Index == Int {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let byte = bytes[i]
            if byte == UInt8(ascii: "%"), i + 2 < bytes.endIndex, let high = hexValue(bytes[i + 1]),
                let low = hexValue(bytes[i + 2])
            {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(byte)
                i += 1
            }
        }
        return out
    }

    /// Appends a special URL's query in the page's encoding, as the Standard's "percent-encode after encoding":
    /// ASCII is the same in every encoding a page may have, so only runs of non-ASCII text go through `encoder`. A
    /// character the encoding cannot represent comes back from the encoder as `&#NNN;` and is written fully encoded,
    /// `%26%23NNN%3B`, so it cannot be read as a literal `&#NNN;` typed into the query.
    static func appendQuery(
        _ text: UnsafeBufferPointer<UInt8>, encoder: (Substring) -> [UInt8], to out: inout [UInt8]
    ) {
        let set = PercentEncodeSet.specialQuery
        var i = 0
        while i < text.count {
            if text[i] < 0x80 {
                append(text[i], set, to: &out)
                i += 1
                continue
            }
            var end = i
            while end < text.count, text[end] >= 0x80 { end += 1 }
            let run = String(decoding: UnsafeBufferPointer(rebasing: text[i..<end]), as: UTF8.self)
            let encoded = encoder(Substring(run))
            if !encoded.contains(UInt8(ascii: "&")) {
                append(encoded, set, to: &out)
            } else {
                // Some character was not representable: encode one scalar at a time to tell its `&#NNN;` apart.
                for scalar in run.unicodeScalars {
                    let bytes = encoder(Substring(String(scalar)))
                    if bytes == Array("&#\(scalar.value);".utf8) {
                        out.append(contentsOf: "%26%23\(scalar.value)%3B".utf8)
                    } else {
                        append(bytes, set, to: &out)
                    }
                }
            }
            i = end
        }
    }
}
