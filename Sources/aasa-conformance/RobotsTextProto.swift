import Foundation

/// Protocol Buffers text format, as far as google/robotstxt-spec-test's `.textproto` files use it, read without their
/// `.proto`: `name: value` and `name { … }` fields (the colon optional before a message, `<…>` as well as `{…}`),
/// `name: [v, v]` lists (each element a repeated field), `#` comments, identifiers and numbers as scalars, and
/// strings in single or double quotes with C escapes, adjacent literals joined ("a" "b" is "ab"). Strings are bytes:
/// `\xEF` is the byte 0xEF, not U+00EF.
enum RobotsTextProto {
    indirect enum Value {
        case string([UInt8])
        case scalar(String)
        case message([Field])
    }

    struct Field {
        let name: String
        let value: Value
    }

    static func parse(_ bytes: [UInt8], file: String) throws -> [Field] {
        var reader = Reader(bytes: bytes, file: file)
        return try reader.fields(until: nil)
    }

    private struct Reader {
        let bytes: [UInt8]
        let file: String
        var position = 0

        enum Token: Equatable {
            case punctuation(UInt8)
            case string([UInt8])
            case word(String)
        }

        mutating func fields(until close: UInt8?) throws -> [Field] {
            var fields: [Field] = []
            while true {
                guard let token = try next() else {
                    if let close { throw failure("missing \"\(Character(Unicode.Scalar(close)))\"") }
                    return fields
                }
                if case .punctuation(let mark) = token, mark == UInt8(ascii: ",") || mark == UInt8(ascii: ";") {
                    continue
                }
                if let close, token == .punctuation(close) { return fields }
                guard case .word(let name) = token else { throw failure("a field name was expected") }
                var value = try next()
                if value == .punctuation(UInt8(ascii: ":")) { value = try next() }
                if value == .punctuation(UInt8(ascii: "[")) {
                    while true {
                        let element = try next()
                        if element == .punctuation(UInt8(ascii: "]")) { break }
                        if element == .punctuation(UInt8(ascii: ",")) { continue }
                        fields.append(Field(name: name, value: try self.value(from: element)))
                    }
                } else {
                    fields.append(Field(name: name, value: try self.value(from: value)))
                }
            }
        }

        mutating func value(from token: Token?) throws -> Value {
            switch token {
            case .punctuation(UInt8(ascii: "{")): return .message(try fields(until: UInt8(ascii: "}")))
            case .punctuation(UInt8(ascii: "<")): return .message(try fields(until: UInt8(ascii: ">")))
            case .word(let word): return .scalar(word)
            case .string(var joined):
                // Adjacent literals are one string.
                while case .string(let more) = try peek() {
                    joined += more
                    _ = try next()
                }
                return .string(joined)
            default: throw failure("a value was expected")
            }
        }

        mutating func peek() throws -> Token? {
            let saved = position
            defer { position = saved }
            return try next()
        }

        mutating func next() throws -> Token? {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "#") {
                    while position < bytes.count, bytes[position] != 0x0A { position += 1 }
                } else if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    position += 1
                } else {
                    break
                }
            }
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            if Array("{}[]<>:,;".utf8).contains(byte) {
                position += 1
                return .punctuation(byte)
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return .string(try string(quote: byte)) }
            let start = position
            while position < bytes.count, isWordByte(bytes[position]) { position += 1 }
            guard position > start else { throw failure("unexpected byte 0x\(String(byte, radix: 16))") }
            return .word(String(decoding: bytes[start..<position], as: UTF8.self))
        }

        func isWordByte(_ byte: UInt8) -> Bool {
            let letter = byte | 0x20
            return (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(letter) || (0x30...0x39).contains(byte)
                || Array("_.+-".utf8).contains(byte)
        }

        mutating func string(quote: UInt8) throws -> [UInt8] {
            position += 1
            var out: [UInt8] = []
            while true {
                guard position < bytes.count, bytes[position] != 0x0A else { throw failure("unterminated string") }
                let byte = bytes[position]
                position += 1
                if byte == quote { return out }
                guard byte == UInt8(ascii: "\\") else {
                    out.append(byte)
                    continue
                }
                guard position < bytes.count else { throw failure("unterminated string") }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "a"): out.append(0x07)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "v"): out.append(0x0B)
                case UInt8(ascii: "\\"), UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "?"): out.append(escape)
                case UInt8(ascii: "x"), UInt8(ascii: "X"):
                    let value = digits(radix: 16, atMost: 2)
                    guard let value else { throw failure("\\x without hex digits") }
                    out.append(UInt8(value))
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    position -= 1
                    out.append(UInt8(truncatingIfNeeded: digits(radix: 8, atMost: 3) ?? 0))
                case UInt8(ascii: "u"), UInt8(ascii: "U"):
                    let count = escape == UInt8(ascii: "u") ? 4 : 8
                    guard let value = digits(radix: 16, atMost: count), let scalar = Unicode.Scalar(value) else {
                        throw failure("a bad \\\(Character(Unicode.Scalar(escape))) escape")
                    }
                    out += Array(String(Character(scalar)).utf8)
                default:
                    throw failure("an unknown escape \\\(Character(Unicode.Scalar(escape)))")
                }
            }
        }

        /// Up to `atMost` digits in `radix`, nil when there is none.
        mutating func digits(radix: Int, atMost: Int) -> UInt32? {
            var value: UInt32 = 0
            var count = 0
            while count < atMost, position < bytes.count,
                let digit = Int(String(Character(Unicode.Scalar(bytes[position]))), radix: radix)
            {
                value = value * UInt32(radix) + UInt32(digit)
                position += 1
                count += 1
            }
            return count == 0 ? nil : value
        }

        func failure(_ what: String) -> ConformanceError {
            let line = bytes[..<min(position, bytes.count)].filter { $0 == 0x0A }.count + 1
            return ConformanceError("\(file):\(line): \(what)")
        }
    }
}
