import Foundation

/// An assetlinks.json body taken apart as Android's two verifiers read it: byte order mark, encoding, strict JSON,
/// the top-level array, and each statement read by AOSP's `StatementService` and by Google's Digital Asset Links.
///
/// Reading never throws: each layer that fails leaves the later ones empty with its reason recorded, so the checks
/// and `verdict(package:fingerprints:)` can say what each verifier trips over, with line:column and JSON Pointer.
public struct AssetLinksFile: Sendable {
    /// The bytes as served.
    public var bytes: [UInt8]
    public var hasByteOrderMark: Bool
    /// The first byte that is not UTF-8. Both verifiers read on (AOSP decodes with U+FFFD in its place, as Java's
    /// `InputStreamReader` does), so the JSON below is parsed from the text decoded that way.
    public var encodingProblem: EncodingProblem?
    public var syntaxError: JSONSyntaxError?
    public var root: JSONNode?
    /// Each element of the top-level array, read by both verifiers; empty when the root is not an array.
    public var statements: [AssetLinksStatement]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        hasByteOrderMark = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        statements = []
        let start = hasByteOrderMark ? 3 : 0
        var text = bytes
        if let problem = DecodedFile.encodingProblem(in: bytes, from: start) {
            encodingProblem = problem
            text = Array(String(decoding: bytes, as: UTF8.self).utf8)
        }
        do {
            let root = try JSONParser.parse(text, start: start)
            self.root = root
            statements = (root.elements ?? []).enumerated().map { AssetLinksStatement(index: $0, node: $1) }
        } catch {
            syntaxError = error
        }
    }

    /// The root is a JSON array: the only shape either verifier reads (DAL compatibility tests 2009 and 2010).
    public var isArray: Bool { root?.elements != nil }

    /// Why neither verifier reads any statement of this file, or nil when the statements are read.
    public var fileProblem: String? {
        if let syntaxError { return "the file is not valid JSON (\(syntaxError.message))" }
        if let root, root.elements == nil { return "the file is \(root.typeName), not an array of statements" }
        return nil
    }

    /// The JSON text as lines, to quote the offending line next to a finding.
    public var lines: [Substring] {
        let text = String(decoding: hasByteOrderMark ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }
}

/// The entry points of the Android file reader.
public enum AssetLinks {
    /// Where both verifiers fetch the statement list.
    public static let wellKnownPath = "/.well-known/assetlinks.json"
    /// The relation that verifies App Links (AOSP `StatementUtils.RELATION`).
    public static let handleAllURLs = "delegate_permission/common.handle_all_urls"

    public static func read(_ data: Data) -> AssetLinksFile { AssetLinksFile(bytes: Array(data)) }
    public static func read(bytes: [UInt8]) -> AssetLinksFile { AssetLinksFile(bytes: bytes) }

    /// Whether `bytes` look like a statement list: the first character after a byte order mark and whitespace is
    /// `[` (an apple-app-site-association file is an object).
    public static func looksLikeStatementList(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        let first = rest.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        return first == UInt8(ascii: "[")
    }
}
