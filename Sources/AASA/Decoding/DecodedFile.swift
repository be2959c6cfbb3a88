/// Bytes that are not UTF-8, and where.
public struct EncodingProblem: Hashable, Sendable {
    public var message: String
    public var position: SourcePosition
}

/// One AASA body taken apart: signature envelope, byte order mark, encoding, JSON, and the model.
///
/// Decoding never throws; each layer that fails leaves the later ones empty and its reason recorded, so
/// the checks can report precisely what a device would trip over.
public struct DecodedFile: Sendable {
    /// The bytes as served.
    public var bytes: [UInt8]
    /// The JSON text's bytes: the signed payload for a CMS file, else `bytes`.
    public var jsonBytes: [UInt8]
    public var signed: SignedEnvelope?
    /// The file looked signed but the envelope could not be read.
    public var signedError: DERError?
    public var hasByteOrderMark: Bool
    public var encodingProblem: EncodingProblem?
    public var syntaxError: JSONSyntaxError?
    public var root: JSONNode?
    public var document: AASADocument?
    /// Set when the file was larger than the decoding limit it was read with: its size. Nothing was decoded
    /// and `bytes` is empty, so every later layer is empty too.
    public var undecodedSize: Int?

    /// How much of a local file `check` and `match --file` decode: what a device reads (Apple's 128 KiB) plus as
    /// much again, so a file a little too large is still checked in full. A larger file is only reported as
    /// too large: decoding a 4 MB file of 100,000 rules took minutes and hundreds of megabytes, for a file
    /// no device reads.
    public static let localDecodeLimit = 2 * SizeLimits.aasa

    /// Decodes `bytes`, or nothing at all when there are more than `limit` of them (`undecodedSize` says so).
    public init(bytes: [UInt8], limit: Int) {
        if bytes.count > limit {
            self.init(bytes: [])
            syntaxError = nil  // the empty text stands for "not decoded", not for an empty file
            undecodedSize = bytes.count
        } else {
            self.init(bytes: bytes)
        }
    }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        jsonBytes = bytes
        hasByteOrderMark = false
        if CMSReader.looksSigned(bytes) {
            do {
                let envelope = try CMSReader.read(bytes)
                signed = envelope
                jsonBytes = envelope.payload
            } catch {
                signedError = error
                return
            }
        }
        var start = 0
        if jsonBytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            hasByteOrderMark = true
            start = 3
        }
        if let problem = DecodedFile.encodingProblem(in: jsonBytes, from: start) {
            encodingProblem = problem
            return
        }
        do {
            let root = try JSONParser.parse(jsonBytes, start: start)
            self.root = root
            if root.members != nil { document = AASADocument(root: root) }
        } catch {
            syntaxError = error
        }
    }

    /// The JSON text as lines, to quote the offending line next to a finding.
    public var lines: [Substring] {
        let text = String(
            decoding: jsonBytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(jsonBytes.dropFirst(3)) : jsonBytes,
            as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    static func encodingProblem(in bytes: [UInt8], from start: Int) -> EncodingProblem? {
        let origin = SourcePosition(line: 1, column: 1, offset: 0)
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            return EncodingProblem(
                message: "The file is UTF-16 (it starts with a UTF-16 byte order mark); it must be UTF-8.",
                position: origin)
        }
        if bytes.count >= 4, bytes[0] == 0 || bytes[1] == 0 || (bytes[0] != 0 && bytes[1] == 0 && bytes[3] == 0) {
            return EncodingProblem(
                message:
                    "The file contains NUL bytes where text should be: it looks UTF-16 or UTF-32 encoded; it must be UTF-8.",
                position: origin)
        }
        guard let bad = firstInvalidUTF8(bytes, from: start) else { return nil }
        var line = 1
        var column = 1
        var i = start
        while i < bad {
            if bytes[i] == 0x0A {
                line += 1
                column = 1
            } else if bytes[i] & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        let byte = bytes[bad]
        let guess =
            (0x80...0xFF).contains(byte)
            ? " It looks Latin-1 or Windows-1252 encoded (for example an é saved as the single byte 0xE9)." : ""
        return EncodingProblem(
            message:
                "Byte 0x\(String(byte, radix: 16, uppercase: true)) at line \(line), column \(column) is not valid UTF-8.\(guess)",
            position: SourcePosition(line: line, column: column, offset: bad))
    }

    /// The offset of the first byte that does not start a valid UTF-8 sequence (RFC 3629), if any.
    static func firstInvalidUTF8(_ bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 {
                i += 1
                continue
            }
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF: (length, minimum, scalar) = (2, 0x80, UInt32(b & 0x1F))
            case 0xE0...0xEF: (length, minimum, scalar) = (3, 0x800, UInt32(b & 0x0F))
            case 0xF0...0xF4: (length, minimum, scalar) = (4, 0x10000, UInt32(b & 0x07))
            default: return i
            }
            guard i + length <= n else { return i }
            for k in 1..<length {
                let c = bytes[i + k]
                guard c & 0xC0 == 0x80 else { return i }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return i }
            i += length
        }
        return nil
    }
}
