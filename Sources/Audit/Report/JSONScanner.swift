/// A JSON text read in chunks and checked against the JSON grammar (RFC 8259) as it passes, so a reader can walk
/// a file of any size, keep only the values it wants, and say at which line and column the text stops being JSON.
struct JSONScanner {
    struct Failure: Error {
        var line: Int
        var column: Int
        var message: String
    }

    /// The next chunk of the text, nil at its end.
    private let source: () throws -> [UInt8]?
    private var chunk: [UInt8] = []
    private var index = 0
    /// Offset in the text of `chunk[0]`.
    private var chunkOffset = 0
    private var ended = false
    private var line = 1
    /// Offset of the current line's first byte.
    private var lineStart = 0
    /// The bytes of the value being kept, up to `index` minus those of `chunk` from `keptFrom` on.
    private var kept: [UInt8]?
    private var keptFrom = 0
    private var keptLimit = Int.max
    /// Arrays and objects nested deeper than this are refused (a stack of brackets is no report).
    static let maximumDepth = 512
    /// The longest string read, in bytes as written (quotes and escapes included): the longest a report writes is a
    /// domain's file (at most 128 KiB, each byte at most six when escaped), so a longer one is no report's and is
    /// refused before it is held: a 200 MB string in a shard cost 1 GB to merge.
    static let defaultStringLimit = 1 << 20
    /// The longest number, in characters: a report writes counts and milliseconds, never a thousand digits.
    static let numberLimit = 64

    /// The longest string this scanner reads (`defaultStringLimit` unless a test lowers it).
    let stringLimit: Int

    init(source: @escaping () throws -> [UInt8]?, stringLimit: Int = JSONScanner.defaultStringLimit) {
        self.source = source
        self.stringLimit = stringLimit
    }

    var offset: Int { chunkOffset + index }
    var position: (line: Int, column: Int) { (line, offset - lineStart + 1) }

    func failure(_ message: String) -> Failure {
        Failure(line: position.line, column: position.column, message: message)
    }

    /// The next byte, not consumed; nil at the end of the text.
    mutating func peek() throws -> UInt8? {
        if index < chunk.count { return chunk[index] }
        try refill()
        return index < chunk.count ? chunk[index] : nil
    }

    private mutating func refill() throws {
        guard !ended else { return }
        if kept != nil {
            kept! += chunk[keptFrom...]
            keptFrom = 0
            try checkKept()
        }
        chunkOffset += chunk.count
        chunk = []
        index = 0
        while chunk.isEmpty {
            guard let next = try source() else {
                ended = true
                return
            }
            chunk = next
        }
    }

    private func checkKept() throws {
        if let kept, kept.count > keptLimit {
            throw failure("a value of more than \(JSONScanner.size(keptLimit)); this reader stops there")
        }
    }

    /// "256 MB", "4096 bytes".
    static func size(_ bytes: Int) -> String {
        bytes >= 1 << 20 ? "\(bytes >> 20) MB" : "\(bytes) bytes"
    }

    /// Runs `body` and returns the bytes it consumed; more than `limit` of them is a failure.
    mutating func keep(limit: Int, _ body: (inout JSONScanner) throws -> Void) throws -> [UInt8] {
        precondition(kept == nil, "values are kept one at a time")
        kept = []
        keptFrom = index
        keptLimit = limit
        defer { kept = nil }
        try body(&self)
        kept! += chunk[keptFrom..<index]
        try checkKept()
        return kept!
    }

    mutating func skipWhitespace() throws {
        while let byte = try peek() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                lineStart = offset
            default: return
            }
        }
    }

    /// Consumes `byte` after any whitespace, or fails naming it.
    mutating func expect(_ byte: UInt8) throws {
        try skipWhitespace()
        guard try peek() == byte else { throw try unexpected("'\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    /// Consumes `byte` after any whitespace when it is next.
    mutating func take(_ byte: UInt8) throws -> Bool {
        try skipWhitespace()
        guard try peek() == byte else { return false }
        index += 1
        return true
    }

    /// "expected X" at the current byte, saying what is there instead when it helps.
    mutating func unexpected(_ expected: String) throws -> Failure {
        guard let byte = try peek() else {
            return failure(offset == 0 ? "the file is empty" : "the file ends where \(expected) is expected")
        }
        let found =
            (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        return failure("expected \(expected), found \(found)")
    }

    /// One JSON value of any kind.
    mutating func value(depth: Int = 0) throws {
        try skipWhitespace()
        // The end of the text (nil) falls to `default`, which says so.
        switch try peek() ?? 0 {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: throw try unexpected("a value")
        }
    }

    private mutating func object(depth: Int) throws {
        guard depth < Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
        index += 1
        if try take(UInt8(ascii: "}")) { return }
        repeat {
            try skipWhitespace()
            guard try peek() == UInt8(ascii: "\"") else { throw try unexpected("a member name") }
            try string()
            try expect(UInt8(ascii: ":"))
            try value(depth: depth + 1)
        } while try take(UInt8(ascii: ","))
        guard try take(UInt8(ascii: "}")) else { throw try unexpected("',' or '}'") }
    }

    private mutating func array(depth: Int) throws {
        guard depth < Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
        index += 1
        if try take(UInt8(ascii: "]")) { return }
        repeat { try value(depth: depth + 1) } while try take(UInt8(ascii: ","))
        guard try take(UInt8(ascii: "]")) else { throw try unexpected("',' or ']'") }
    }

    /// A string, its opening quote next. UTF-8 validity is left to the decoder of the kept value. One longer than
    /// `stringLimit` is refused as soon as it is (a chunk at most past it), before it is held whole.
    mutating func string() throws {
        let start = offset
        let place = position
        index += 1
        func tooLong() -> Failure {
            Failure(
                line: place.line, column: place.column,
                message: "a string of more than \(JSONScanner.size(stringLimit)); no report holds one that long")
        }
        while true {
            guard offset - start <= stringLimit else { throw tooLong() }
            // The common case stays inside the chunk: plain bytes up to the closing quote.
            while index < chunk.count {
                let byte = chunk[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    guard offset - start <= stringLimit else { throw tooLong() }
                    return
                }
                if byte == UInt8(ascii: "\\") { break }
                if byte < 0x20 { throw failure("control character 0x\(String(byte, radix: 16)) inside a string") }
                index += 1
            }
            guard let byte = try peek() else { throw failure("the file ends inside a string") }
            if byte == UInt8(ascii: "\\") {
                index += 1
                try escape()
            }
        }
    }

    private mutating func escape() throws {
        guard let byte = try peek() else { throw failure("the file ends inside a string") }
        guard "\"\\/bfnrtu".utf8.contains(byte) else {
            throw failure("invalid escape '\\\(Character(Unicode.Scalar(byte)))'")
        }
        index += 1
        guard byte == UInt8(ascii: "u") else { return }
        for _ in 0..<4 {
            guard let digit = try peek(), Character(Unicode.Scalar(digit)).isHexDigit else {
                throw failure("expected four hex digits after '\\u'")
            }
            index += 1
        }
    }

    /// A number; one longer than `numberLimit` characters is refused as soon as it is.
    private mutating func number() throws {
        let start = offset
        if try peek() == UInt8(ascii: "-") { index += 1 }
        if try peek() == UInt8(ascii: "0") {
            index += 1
        } else if try digits(from: start) == 0 {
            throw try unexpected("a digit")
        }
        if try peek() == UInt8(ascii: ".") {
            index += 1
            guard try digits(from: start) > 0 else { throw try unexpected("a digit") }
        }
        if let e = try peek(), e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            index += 1
            if let sign = try peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { index += 1 }
            guard try digits(from: start) > 0 else { throw try unexpected("a digit") }
        }
    }

    /// Digits of the number that began at `start`.
    private mutating func digits(from start: Int) throws -> Int {
        var count = 0
        while let byte = try peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            guard offset - start < Self.numberLimit else {
                throw failure("a number of more than \(Self.numberLimit) characters; no report writes one that long")
            }
            index += 1
            count += 1
        }
        return count
    }

    private mutating func literal(_ word: String) throws {
        for expected in word.utf8 {
            guard try peek() == expected else { throw try unexpected("'\(word)'") }
            index += 1
        }
    }
}
