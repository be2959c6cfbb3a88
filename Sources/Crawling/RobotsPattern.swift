/// An Allow or Disallow value made comparable with a crawled URL's path, as Google's `MaybeEscapePattern` does: every
/// byte at or above 0x80 is percent-encoded ("/café" becomes "/caf%C3%A9", which is how the URL arrives) and the hex
/// digits of an existing `%xx` are upper-cased. Nothing else changes: "%7E" and "~" stay different, as they do for
/// Google. The result is ASCII, so its length in bytes is its length in characters.
enum RobotsPattern {
    private static let hex = Array("0123456789ABCDEF".utf8)

    static func escaped(_ value: ArraySlice<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(value.count)
        var index = value.startIndex
        while index < value.endIndex {
            let byte = value[index]
            if byte == UInt8(ascii: "%"), index + 2 < value.endIndex, isHexDigit(value[index + 1]),
                isHexDigit(value[index + 2])
            {
                out += [byte, uppercased(value[index + 1]), uppercased(value[index + 2])]
                index += 3
                continue
            }
            if byte >= 0x80 {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            } else {
                out.append(byte)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Google's index-page rule: `Allow: /shop/index.html` (anything whose last segment starts with "index.htm") also
    /// allows exactly `/shop/`, as the extra pattern "/shop/$" (robots.cc `HandleAllow`). Only for Allow.
    static func indexPageAllowance(_ pattern: String) -> String? {
        let bytes = Array(pattern.utf8)
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")),
            bytes[slash...].starts(with: "/index.htm".utf8)
        else { return nil }
        return String(decoding: bytes[...slash], as: UTF8.self) + "$"
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }

    private static func uppercased(_ byte: UInt8) -> UInt8 { (0x61...0x66).contains(byte) ? byte - 32 : byte }
}
