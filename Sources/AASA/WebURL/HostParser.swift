/// The URL Standard's host parser and host serializer: IPv6 in brackets, opaque hosts of non-special URLs, and
/// domains (percent-decoded, mapped by "domain to ASCII", checked for forbidden code points, and read as IPv4 when
/// they end in a number).
/// - SeeAlso: https://url.spec.whatwg.org/#host-parsing
enum HostParser {
    /// A parsed host: its kind, its serialization (what `hostname` returns) and, for IPv4, its value.
    struct Parsed {
        var kind: WebURL.HostKind
        var serialized: [UInt8]
        var ipv4: UInt32 = 0
    }

    static func parse(_ input: UnsafeBufferPointer<UInt8>, isOpaque: Bool) -> Result<Parsed, WebURL.Failure> {
        if input.first == UInt8(ascii: "[") {
            guard input.count >= 2, input.last == UInt8(ascii: "]") else {
                return .failure(.init("an IPv6 address is not closed with ']'"))
            }
            return parseIPv6(UnsafeBufferPointer(rebasing: input[1..<(input.count - 1)])).map {
                Parsed(kind: .ipv6, serialized: serializeIPv6($0))
            }
        }
        if isOpaque { return parseOpaque(input) }
        return parseDomain(input)
    }

    // MARK: Domains

    static func parseDomain(_ input: UnsafeBufferPointer<UInt8>) -> Result<Parsed, WebURL.Failure> {
        let decoded = input.contains(UInt8(ascii: "%")) ? PercentEncoding.decode(input) : Array(input)
        var ascii: [UInt8]
        if decoded.allSatisfy({ $0 < 0x80 }) && !hasPunycodeLabel(decoded) {
            // The Standard: for an ASCII domain with no `xn--` label, domain to ASCII is ASCII lower-casing.
            ascii = decoded
            for i in ascii.indices where ascii[i] >= UInt8(ascii: "A") && ascii[i] <= UInt8(ascii: "Z") {
                ascii[i] |= 0x20
            }
        } else {
            switch IDNA.domainToASCII(String(decoding: decoded, as: UTF8.self)) {
            case .success(let mapped): ascii = Array(mapped.utf8)
            case .failure(let failure): return .failure(failure)
            }
            if ascii.isEmpty { return .failure(.init("the host is empty once mapped to ASCII")) }
        }
        if let bad = ascii.first(where: isForbiddenDomainByte) {
            return .failure(.init("the host contains a forbidden character \(describe(bad))"))
        }
        if endsInANumber(ascii) {
            return parseIPv4(ascii).map { Parsed(kind: .ipv4, serialized: serializeIPv4($0), ipv4: $0) }
        }
        return .success(Parsed(kind: .domain, serialized: ascii))
    }

    /// Whether a label starts with `xn--` in any case: such a domain needs the full UTS #46 processing.
    static func hasPunycodeLabel(_ domain: [UInt8]) -> Bool {
        var labelStart = 0
        for i in 0...domain.count where i == domain.count || domain[i] == UInt8(ascii: ".") {
            if i - labelStart >= 4, domain[labelStart] | 0x20 == UInt8(ascii: "x"),
                domain[labelStart + 1] | 0x20 == UInt8(ascii: "n"), domain[labelStart + 2] == UInt8(ascii: "-"),
                domain[labelStart + 3] == UInt8(ascii: "-")
            {
                return true
            }
            labelStart = i + 1
        }
        return false
    }

    /// A forbidden host code point: never part of any host.
    @inline(__always) static func isForbiddenHostByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00, 0x09, 0x0A, 0x0D, 0x20, UInt8(ascii: "#"), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "["),
            UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "|"):
            true
        default: false
        }
    }

    /// A forbidden domain code point: the forbidden host code points, C0 controls, `%` and DELETE.
    @inline(__always) static func isForbiddenDomainByte(_ byte: UInt8) -> Bool {
        byte <= 0x1F || byte == UInt8(ascii: "%") || byte == 0x7F || isForbiddenHostByte(byte)
    }

    /// A byte as a reader recognises it: `'<'`, or `U+0020` for spaces and controls.
    static func describe(_ byte: UInt8) -> String {
        if byte > 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        let hex = String(byte, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    // MARK: Opaque hosts

    static func parseOpaque(_ input: UnsafeBufferPointer<UInt8>) -> Result<Parsed, WebURL.Failure> {
        if let bad = input.first(where: isForbiddenHostByte) {
            return .failure(.init("the host contains a forbidden character \(describe(bad))"))
        }
        var out: [UInt8] = []
        out.reserveCapacity(input.count)
        PercentEncoding.append(input, .c0Control, to: &out)
        return .success(Parsed(kind: out.isEmpty ? .empty : .opaque, serialized: out))
    }

    // MARK: IPv4

    /// The Standard's "ends in a number checker": the last label (a trailing dot aside) is digits or a number
    /// the IPv4 parser takes (`0x1F`).
    static func endsInANumber(_ domain: [UInt8]) -> Bool {
        var end = domain.count
        if end > 0 && domain[end - 1] == UInt8(ascii: ".") {
            if end == 1 { return false }
            end -= 1
        }
        var start = end
        while start > 0 && domain[start - 1] != UInt8(ascii: ".") { start -= 1 }
        let last = domain[start..<end]
        if !last.isEmpty && last.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) { return true }
        return parseIPv4Number(last) != nil
    }

    /// One part of an IPv4 address: decimal, octal after a leading `0`, hexadecimal after `0x`. Values beyond
    /// 32 bits saturate (they fail anyway). Nil when the part is empty or has a digit outside its radix.
    static func parseIPv4Number(_ part: ArraySlice<UInt8>) -> UInt64? {
        guard !part.isEmpty else { return nil }
        var digits = part
        var radix: UInt64 = 10
        if digits.count >= 2, digits.first == UInt8(ascii: "0"),
            digits[digits.startIndex + 1] | 0x20 == UInt8(ascii: "x")
        {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count >= 2, digits.first == UInt8(ascii: "0") {
            digits = digits.dropFirst()
            radix = 8
        }
        var value: UInt64 = 0
        for byte in digits {
            guard let digit = PercentEncoding.hexValue(byte), UInt64(digit) < radix else { return nil }
            value = min(value * radix + UInt64(digit), 1 << 40)
        }
        return value
    }

    static func parseIPv4(_ domain: [UInt8]) -> Result<UInt32, WebURL.Failure> {
        var parts = domain.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        if parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
        guard parts.count <= 4 else {
            return .failure(.init("the host ends in a number but has more than four parts, so it is no IPv4 address"))
        }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = parseIPv4Number(part) else {
                return .failure(.init("the host ends in a number but is not a valid IPv4 address"))
            }
            numbers.append(number)
        }
        if numbers.dropLast().contains(where: { $0 > 255 }) {
            return .failure(.init("an IPv4 address has a part greater than 255"))
        }
        guard numbers.last! < (1 << (8 * UInt64(5 - numbers.count))) else {
            return .failure(.init("an IPv4 address is out of range"))
        }
        var address = numbers.last!
        for (index, number) in numbers.dropLast().enumerated() { address += number << (8 * UInt64(3 - index)) }
        return .success(UInt32(address))
    }

    static func serializeIPv4(_ address: UInt32) -> [UInt8] {
        Array("\(address >> 24).\(address >> 16 & 0xFF).\(address >> 8 & 0xFF).\(address & 0xFF)".utf8)
    }

    // MARK: IPv6

    static func parseIPv6(_ input: UnsafeBufferPointer<UInt8>) -> Result<[UInt16], WebURL.Failure> {
        let malformed = WebURL.Failure("an IPv6 address is malformed")
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int?
        var p = 0
        func at(_ i: Int) -> UInt8? { i < input.count ? input[i] : nil }
        if at(p) == UInt8(ascii: ":") {
            guard at(p + 1) == UInt8(ascii: ":") else { return .failure(malformed) }
            p += 2
            pieceIndex += 1
            compress = pieceIndex
        }
        while let c = at(p) {
            guard pieceIndex < 8 else { return .failure(.init("an IPv6 address has more than eight pieces")) }
            if c == UInt8(ascii: ":") {
                guard compress == nil else { return .failure(.init("an IPv6 address has more than one '::'")) }
                p += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt16 = 0
            var length = 0
            while length < 4, let byte = at(p), let digit = PercentEncoding.hexValue(byte) {
                value = value << 4 | UInt16(digit)
                p += 1
                length += 1
            }
            if at(p) == UInt8(ascii: ".") {
                guard length > 0 else { return .failure(malformed) }
                p -= length
                guard pieceIndex <= 6 else {
                    return .failure(.init("an IPv6 address has an embedded IPv4 address in the wrong place"))
                }
                switch parseEmbeddedIPv4(input, from: p, into: &address, at: pieceIndex) {
                case .success(let next): pieceIndex = next
                case .failure(let failure): return .failure(failure)
                }
                break
            } else if at(p) == UInt8(ascii: ":") {
                p += 1
                guard at(p) != nil else { return .failure(.init("an IPv6 address ends with a single ':'")) }
            } else if at(p) != nil {
                return .failure(malformed)
            }
            address[pieceIndex] = value
            pieceIndex += 1
        }
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0 && swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            return .failure(.init("an IPv6 address has fewer than eight pieces and no '::'"))
        }
        return .success(address)
    }

    /// The IPv4 address that ends an IPv6 address (`::ffff:1.2.3.4`), from `start`, into the two pieces from
    /// `pieceIndex`; the piece after it.
    static func parseEmbeddedIPv4(
        _ input: UnsafeBufferPointer<UInt8>, from start: Int, into address: inout [UInt16], at pieceIndex: Int
    ) -> Result<Int, WebURL.Failure> {
        func at(_ i: Int) -> UInt8? { i < input.count ? input[i] : nil }
        var p = start
        var pieceIndex = pieceIndex
        var numbersSeen = 0
        while at(p) != nil {
            var piece: Int?
            if numbersSeen > 0 {
                guard at(p) == UInt8(ascii: "."), numbersSeen < 4 else {
                    return .failure(.init("an IPv6 address has a malformed embedded IPv4 address"))
                }
                p += 1
            }
            guard let first = at(p), first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else {
                return .failure(.init("an IPv6 address has a malformed embedded IPv4 address"))
            }
            while let byte = at(p), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                let number = Int(byte - UInt8(ascii: "0"))
                if let current = piece {
                    guard current != 0 else {
                        return .failure(.init("an IPv6 address has an embedded IPv4 part with a leading zero"))
                    }
                    piece = current * 10 + number
                } else {
                    piece = number
                }
                guard piece! <= 255 else {
                    return .failure(.init("an IPv6 address has an embedded IPv4 part greater than 255"))
                }
                p += 1
            }
            address[pieceIndex] = address[pieceIndex] << 8 | UInt16(piece!)
            numbersSeen += 1
            if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
        }
        guard numbersSeen == 4 else {
            return .failure(.init("an IPv6 address has an embedded IPv4 address with fewer than four parts"))
        }
        return .success(pieceIndex)
    }

    /// `[` + the address in lower-case hex with the first longest run of two or more zero pieces as `::` + `]`.
    static func serializeIPv6(_ address: [UInt16]) -> [UInt8] {
        var compress: Int?
        var longest = 1
        var i = 0
        while i < 8 {
            if address[i] == 0 {
                var end = i
                while end < 8 && address[end] == 0 { end += 1 }
                if end - i > longest {
                    longest = end - i
                    compress = i
                }
                i = end
            } else {
                i += 1
            }
        }
        var out = "["
        var ignore0 = false
        for index in 0..<8 {
            if ignore0 && address[index] == 0 { continue }
            ignore0 = false
            if compress == index {
                out += index == 0 ? "::" : ":"
                ignore0 = true
                continue
            }
            out += String(address[index], radix: 16)
            if index != 7 { out += ":" }
        }
        return Array((out + "]").utf8)
    }
}
