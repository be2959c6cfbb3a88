/// Why strict JSON failed, in words a web developer understands, and where.
public struct JSONSyntaxError: Error, Hashable, Sendable {
    public var message: String
    public var position: SourcePosition
}

/// A strict RFC 8259 parser over UTF-8 bytes that records every value's pointer and position.
///
/// Apple's fetcher uses a strict parser, so every leniency other parsers allow (comments, trailing commas,
/// single quotes) is an error here, explained for the breakages seen in real files.
public struct JSONParser {
    /// Deeper nesting than any real AASA file needs; bounds recursion on hostile input.
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var offset: Int
    private var line = 1
    private var column = 1
    private var depth = 0
    private var lastComma = SourcePosition(line: 1, column: 1, offset: 0)

    /// Parses `bytes` (already known to be valid UTF-8) starting at `start`.
    public static func parse(_ bytes: [UInt8], start: Int = 0) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: bytes, offset: start)
        return try parser.parseDocument()
    }

    private init(bytes: [UInt8], offset: Int) {
        self.bytes = bytes
        self.offset = offset
    }

    private var position: SourcePosition { SourcePosition(line: line, column: column, offset: offset) }

    private func error(_ message: String, at position: SourcePosition? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, position: position ?? self.position)
    }

    private var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    private mutating func bump() {
        let byte = bytes[offset]
        offset += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            // Count scalars, not bytes: continuation bytes do not start a column.
            column += 1
        }
    }

    private mutating func skipWhitespace() {
        while let byte = current,
            byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        {
            bump()
        }
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        guard let first = current else {
            throw error("The file is empty: an apple-app-site-association file must contain a JSON object.")
        }
        if first == UInt8(ascii: "<") {
            throw error(
                "This is HTML, not JSON (it starts with '<'): the server answered with a web page, "
                    + "often an error page, a login wall or a single-page-app fallback, instead of the file.")
        }
        let root = try parseValue(pointer: "", context: "the document")
        skipWhitespace()
        if let next = current {
            let what = describe(next)
            throw error(
                "Unexpected \(what) after the end of the JSON document: a file must hold exactly one JSON value "
                    + (next == UInt8(ascii: ",")
                        ? "(remove the trailing comma)."
                        : "(is there a second object or stray text after the closing brace?)."))
        }
        return root
    }

    private mutating func parseValue(pointer: String, context: String) throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        let start = position
        guard let byte = current else {
            throw error("The file ends where \(context) expects a value: the file is truncated.")
        }
        switch byte {
        case UInt8(ascii: "{"):
            return try parseObject(pointer: pointer)
        case UInt8(ascii: "["):
            return try parseArray(pointer: pointer)
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try parseString()), pointer: pointer, position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(value: .number(try parseNumber()), pointer: pointer, position: start)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let word = readWord()
            switch word {
            case "true": return JSONNode(value: .bool(true), pointer: pointer, position: start)
            case "false": return JSONNode(value: .bool(false), pointer: pointer, position: start)
            case "null": return JSONNode(value: .null, pointer: pointer, position: start)
            default:
                throw error(
                    "'\(word)' is not a JSON value: only true, false and null are bare words (lower case); "
                        + "strings need double quotes.", at: start)
            }
        default:
            throw unexpected(byte, expecting: "a value", context: context)
        }
    }

    /// Explains an unexpected byte, naming the common real-world mistakes.
    private func unexpected(_ byte: UInt8, expecting: String, context: String) -> JSONSyntaxError {
        if byte == UInt8(ascii: "'") {
            return error("Single quotes are not JSON: strings and keys need double quotes (\").")
        }
        if byte == UInt8(ascii: "/"), offset + 1 < bytes.count,
            bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*")
        {
            return error(
                "Comments are not allowed in JSON: remove the comment (use a \"comment\" key in a component instead).")
        }
        if let smart = smartQuote(at: offset) {
            return error(
                "Typographic quote \(smart) found where \(expecting) should be: JSON needs straight double quotes (\"). "
                    + "Word processors and some editors replace them.")
        }
        if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
            return error("Unexpected '\(Character(Unicode.Scalar(byte)))' where \(context) expects \(expecting).")
        }
        if isWordByte(byte) {
            var copy = self
            let word = copy.readWord()
            if ["NaN", "Infinity", "undefined"].contains(word) {
                return error("'\(word)' is not a JSON value.")
            }
            return error(
                "Unexpected '\(word)' where \(context) expects \(expecting): strings and keys must be in double quotes."
            )
        }
        return error("Unexpected \(describe(byte)) where \(context) expects \(expecting).")
    }

    private func describe(_ byte: UInt8) -> String {
        if let smart = smartQuote(at: offset) { return "typographic quote \(smart)" }
        if byte < 0x20 { return "control character U+\(hex(UInt32(byte)))" }
        if byte < 0x80 { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "character '\(scalarString(at: offset))'"
    }

    private func scalarString(at index: Int) -> String {
        var end = index + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    private func smartQuote(at index: Int) -> String? {
        // U+2018 ‘ U+2019 ’ U+201C “ U+201D ” U+201E „ U+00AB « U+00BB »
        guard index + 2 < bytes.count || (index + 1 < bytes.count && bytes[index] == 0xC2) else { return nil }
        if bytes[index] == 0xE2, bytes[index + 1] == 0x80, [0x98, 0x99, 0x9C, 0x9D, 0x9E].contains(bytes[index + 2]) {
            return scalarString(at: index)
        }
        if bytes[index] == 0xC2, [0xAB, 0xBB].contains(bytes[index + 1]) { return scalarString(at: index) }
        return nil
    }

    private func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$")
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private mutating func readWord() -> String {
        let start = offset
        while let byte = current, isWordByte(byte) { bump() }
        if start == offset, current != nil { bump() }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    private mutating func enter(_ start: SourcePosition) throws(JSONSyntaxError) {
        depth += 1
        if depth > JSONParser.maximumDepth {
            throw error("Nesting deeper than \(JSONParser.maximumDepth) levels: this is not an AASA file.", at: start)
        }
    }

    private mutating func parseObject(pointer: String) throws(JSONSyntaxError) -> JSONNode {
        let start = position
        try enter(start)
        defer { depth -= 1 }
        bump()  // {
        var members: [JSONMember] = []
        let opened = "the object opened at line \(start.line), column \(start.column)"
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            bump()
            return JSONNode(value: .object([]), pointer: pointer, position: start)
        }
        while true {
            skipWhitespace()
            guard let byte = current else {
                throw error("The file ends inside \(opened): it is truncated or a closing '}' is missing.")
            }
            if byte == UInt8(ascii: "}"), !members.isEmpty {
                throw error(
                    "Trailing comma before '}': JSON does not allow a comma after the last member of an object; remove it.",
                    at: lastComma)
            }
            guard byte == UInt8(ascii: "\"") else {
                throw unexpected(byte, expecting: "a key in double quotes", context: opened)
            }
            let keyPosition = position
            let key = try parseString()
            skipWhitespace()
            guard let colon = current else {
                throw error("The file ends inside \(opened): it is truncated.")
            }
            guard colon == UInt8(ascii: ":") else {
                throw unexpected(colon, expecting: "':' after the key \"\(key)\"", context: opened)
            }
            bump()
            let value = try parseValue(
                pointer: pointer + "/" + jsonPointerToken(key), context: "the member \"\(key)\"")
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            guard let next = current else {
                throw error("The file ends inside \(opened): it is truncated or a closing '}' is missing.")
            }
            if next == UInt8(ascii: ",") {
                lastComma = position
                bump()
                continue
            }
            if next == UInt8(ascii: "}") {
                bump()
                return JSONNode(value: .object(members), pointer: pointer, position: start)
            }
            if next == UInt8(ascii: "\"") {
                throw error("Missing comma: another member starts here, but the previous one was not followed by ','.")
            }
            if next == UInt8(ascii: "]") {
                throw error("Mismatched bracket: ']' closes \(opened); an object ends with '}'.")
            }
            throw unexpected(next, expecting: "',' or '}'", context: opened)
        }
    }

    private mutating func parseArray(pointer: String) throws(JSONSyntaxError) -> JSONNode {
        let start = position
        try enter(start)
        defer { depth -= 1 }
        bump()  // [
        var items: [JSONNode] = []
        let opened = "the array opened at line \(start.line), column \(start.column)"
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            bump()
            return JSONNode(value: .array([]), pointer: pointer, position: start)
        }
        while true {
            skipWhitespace()
            if current == UInt8(ascii: "]"), !items.isEmpty {
                throw error(
                    "Trailing comma before ']': JSON does not allow a comma after the last item of an array; remove it.",
                    at: lastComma)
            }
            if current == UInt8(ascii: ",") {
                throw error("Empty array item: two commas in a row (or a leading comma); remove one.")
            }
            let item = try parseValue(pointer: pointer + "/\(items.count)", context: opened)
            items.append(item)
            skipWhitespace()
            guard let next = current else {
                throw error("The file ends inside \(opened): it is truncated or a closing ']' is missing.")
            }
            if next == UInt8(ascii: ",") {
                lastComma = position
                bump()
                continue
            }
            if next == UInt8(ascii: "]") {
                bump()
                return JSONNode(value: .array(items), pointer: pointer, position: start)
            }
            if next == UInt8(ascii: "}") {
                throw error("Mismatched bracket: '}' closes \(opened); an array ends with ']'.")
            }
            if next == UInt8(ascii: "\"") || next == UInt8(ascii: "{") || next == UInt8(ascii: "[") {
                throw error("Missing comma: another item starts here, but the previous one was not followed by ','.")
            }
            throw unexpected(next, expecting: "',' or ']'", context: opened)
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = position
        bump()  // "
        var out: [UInt8] = []
        while true {
            guard let byte = current else {
                throw error(
                    "The file ends inside the string that starts at line \(start.line), column \(start.column): "
                        + "a closing '\"' is missing or the file is truncated.")
            }
            switch byte {
            case UInt8(ascii: "\""):
                bump()
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let escapeStart = position
                bump()
                guard let e = current else {
                    throw error("The file ends inside an escape sequence: it is truncated.")
                }
                bump()
                if let plain = JSONParser.unescaped(e) {
                    out.append(plain)
                    continue
                }
                switch e {
                case UInt8(ascii: "u"):
                    var scalar = try readHex4(escapeStart)
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard current == UInt8(ascii: "\\"), offset + 1 < bytes.count,
                            bytes[offset + 1] == UInt8(ascii: "u")
                        else {
                            throw error("Unpaired surrogate \\u\(hex(scalar)): it is not a character.", at: escapeStart)
                        }
                        bump()
                        bump()
                        let low = try readHex4(escapeStart)
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error("Unpaired surrogate \\u\(hex(scalar)): it is not a character.", at: escapeStart)
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(scalar) {
                        throw error("Unpaired surrogate \\u\(hex(scalar)): it is not a character.", at: escapeStart)
                    }
                    out.append(contentsOf: Array(String(Unicode.Scalar(scalar)!).utf8))
                default:
                    let shown = e < 0x80 && e >= 0x20 ? String(Character(Unicode.Scalar(e))) : "U+\(hex(UInt32(e)))"
                    throw error(
                        "Invalid escape '\\\(shown)': JSON knows only \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
                            + (e == UInt8(ascii: "'") ? " (a single quote needs no escape)." : "."), at: escapeStart)
                }
            default:
                if byte < 0x20 {
                    let name: String
                    switch byte {
                    case 0x0A: name = "a line break; write \\n, or close the string before the line ends"
                    case 0x0D: name = "a carriage return; write \\r"
                    case 0x09: name = "a tab; write \\t"
                    default: name = "control character U+\(hex(UInt32(byte))); write \\u\(hex(UInt32(byte)))"
                    }
                    throw error(
                        "Unescaped control character inside the string that starts at line \(start.line), column "
                            + "\(start.column): \(name).")
                }
                out.append(byte)
                bump()
            }
        }
    }

    private mutating func readHex4(_ escapeStart: SourcePosition) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = JSONParser.hexValue(byte) else {
                throw error("Invalid \\u escape: it needs exactly four hexadecimal digits.", at: escapeStart)
            }
            value = value << 4 | digit
            bump()
        }
        return value
    }

    /// The byte a one-letter escape stands for (`\n` → 0x0A, `\/` → `/`); nil for `u` and anything else.
    package static func unescaped(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    package static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = position
        let begin = offset
        func isDigit(_ b: UInt8?) -> Bool { b.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } ?? false }
        if current == UInt8(ascii: "-") { bump() }
        guard isDigit(current) else {
            throw error("Invalid number: '-' must be followed by a digit.", at: start)
        }
        if current == UInt8(ascii: "0") {
            bump()
            if isDigit(current) { throw error("Invalid number: JSON numbers have no leading zeros.", at: start) }
        } else {
            while isDigit(current) { bump() }
        }
        if current == UInt8(ascii: ".") {
            bump()
            guard isDigit(current) else {
                throw error("Invalid number: a digit must follow the decimal point.", at: start)
            }
            while isDigit(current) { bump() }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            bump()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { bump() }
            guard isDigit(current) else { throw error("Invalid number: the exponent has no digits.", at: start) }
            while isDigit(current) { bump() }
        }
        return String(decoding: bytes[begin..<offset], as: UTF8.self)
    }
}

func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

extension JSONParser {
    /// Whether a device's JSON parser can hold `number` (valid JSON number text).
    ///
    /// Foundation's JSONSerialization (NSJSONSerialization on a device) rejects the whole file with "Number … is
    /// not representable" when a number overflows a Double: `1e400`, `-1e400`, a 400-digit integer,
    /// `1.7976931348623159e308` (rounds to infinity). Numbers too small for a Double underflow to 0 and are
    /// accepted (`1e-400`), as are integers past 64 bits that a Double can still hold.
    public static func isRepresentable(number: String) -> Bool {
        guard let value = Double(number) else { return false }
        return value.isFinite
    }
}
