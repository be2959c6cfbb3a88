/// JSON text read forward, straight from its bytes, for the records `JSONFields` declares (URL rows: a crawl's
/// report is read back row by row, and JSONDecoder took a tenth of a 5,000-page crawl's CPU). Only the plain shape
/// the writer produces is read; every method returns nil or false at the first thing it does not take (another type
/// where a value belongs, a number with a fraction, an escaped member name, invalid UTF-8), and the caller then
/// hands the text to JSONDecoder through the same declaration, which says exactly what is wrong.
public struct JSONCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    package internal(set) var index = 0

    public init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reading from `index` on (a value another reader found there).
    package init(bytes: UnsafeBufferPointer<UInt8>, at index: Int) {
        self.bytes = bytes
        self.index = index
    }

    /// Nothing but white space is left.
    public var atEnd: Bool {
        mutating get {
            skipSpace()
            return index == bytes.count
        }
    }

    mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// `{…}`, each member's value read by `member` (given the member's name as it is written, which has no escape),
    /// which returns whether it could.
    mutating func object(_ member: (inout JSONCursor, UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let name = plainName(), take(UInt8(ascii: ":")), member(&self, name) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// A member's name in plain ASCII (every name a record declares is), as its bytes; nil for an escape or any
    /// other byte, which JSONDecoder then reads (or refuses, as invalid UTF-8).
    private mutating func plainName() -> UnsafeBufferPointer<UInt8>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                index += 1
                return UnsafeBufferPointer(rebasing: bytes[start..<index - 1])
            case UInt8(ascii: "\\"), 0..<0x20, 0x80...: return nil
            default: index += 1
            }
        }
        return nil
    }

    /// `[…]`, each element read by `element`.
    mutating func array<T>(_ element: (inout JSONCursor) -> T?) -> [T]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var elements: [T] = []
        if take(UInt8(ascii: "]")) { return elements }
        repeat {
            guard let next = element(&self) else { return nil }
            elements.append(next)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? elements : nil
    }

    /// Whether the next value is `null` (not read).
    mutating func nextIsNull() -> Bool {
        skipSpace()
        return index < bytes.count && bytes[index] == UInt8(ascii: "n")
    }

    mutating func literal(_ word: StaticString) -> Bool {
        skipSpace()
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
        index += count
        return true
    }

    /// `true` or `false`.
    mutating func bool() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    /// A string; nil for raw control characters, a bad escape or invalid UTF-8, as JSONDecoder refuses them.
    package mutating func string() -> String? {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
            if byte < 0x20 { return nil }
            index += 1
        }
        return nil
    }

    /// The rest of a string that has escapes, from its first byte at `start`.
    private mutating func escapedString(from start: Int) -> String? {
        var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(validating: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { return nil }
                let escape = bytes[index]
                index += 1
                if let plain = JSONParser.unescaped(escape) {
                    out.append(plain)
                } else if escape == UInt8(ascii: "u"), let scalar = unicodeEscape() {
                    out += Array(String(Character(scalar)).utf8)
                } else {
                    return nil
                }
            default:
                if byte < 0x20 { return nil }
                out.append(byte)
            }
        }
        return nil
    }

    /// The four hex digits after a `\u` (and a second `\u` escape for a surrogate pair) as one scalar; nil for a
    /// lone surrogate.
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hex4() else { return nil }
        if (0xD800..<0xDC00).contains(high) {
            guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else { return nil }
            index += 2
            guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(high)
    }

    private mutating func hex4() -> UInt32? {
        guard index + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = JSONParser.hexValue(bytes[index]) else { return nil }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// A whole number as JSON writes one (no fraction, no exponent), within `Int`.
    package mutating func int() -> Int? {
        skipSpace()
        let negative = take(UInt8(ascii: "-"))
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
            return nil
        }
        if bytes[index] == UInt8(ascii: "0"), index + 1 < bytes.count,
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 1])
        {
            return nil
        }
        var value = 0
        while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
            // Built on the negative side when negative: Int.min has no positive counterpart.
            let digit = Int(bytes[index] - UInt8(ascii: "0"))
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (next, o2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
            guard !o1, !o2 else { return nil }
            value = next
            index += 1
        }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            return nil
        }
        return value
    }

    /// Any value, read past: members no declaration names (those a later version adds).
    mutating func skipValue(depth: Int = 0) -> Bool {
        guard depth < 64 else { return false }
        skipSpace()
        guard index < bytes.count else { return false }
        switch bytes[index] {
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "{"): return object { cursor, _ in cursor.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["):
            index += 1
            if take(UInt8(ascii: "]")) { return true }
            repeat {
                guard skipValue(depth: depth + 1) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]"))
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return int() != nil
        }
    }
}
