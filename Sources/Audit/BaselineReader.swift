import AASA
import Foundation

/// Reads a report.json this tool wrote, line by line, as a baseline: everything but the crawled URLs goes through
/// JSONDecoder, and of each URL row only `url` and `opensApp` are kept. JSONDecoder on the whole file would map
/// all of it first (a 100,000-URL report is 92 MB; the run comparing with it went from 60 to 240 MB).
enum BaselineReader {
    /// Nil when the file is not in the pretty, sorted layout `AuditReport.writeJSON` produces.
    static func read(_ path: String) throws -> AuditReport? {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw CocoaError(.fileReadNoSuchFile) }
        defer { try? handle.close() }
        var skeleton: [UInt8] = []
        var tables: [URLTable] = []
        var table: URLTable?
        // Keys are sorted, so a row's "opensApp" comes before its "url".
        var opens: String??
        var pending: [UInt8] = []
        var malformed = false

        func line(_ text: ArraySlice<UInt8>) {
            if table != nil {
                if text.elementsEqual("      ]".utf8) || text.elementsEqual("      ],".utf8) {
                    tables.append(table!)
                    table = nil
                    skeleton += "\n".utf8
                    skeleton += text
                    skeleton.append(UInt8(ascii: "\n"))
                } else if text.starts(with: "          \"opensApp\" : ".utf8) {
                    let value = text.dropFirst(23)
                    opens = value.starts(with: "null".utf8) ? .some(nil) : stringValue(value).map { .some($0) }
                    if opens == nil { malformed = true }
                } else if text.starts(with: "          \"url\" : ".utf8) {
                    guard let url = stringValue(text.dropFirst(18)), let app = opens else { return malformed = true }
                    table!.append(given: url, opensApp: app)
                    opens = nil
                }
                return
            }
            skeleton += text
            skeleton.append(UInt8(ascii: "\n"))
            if text.elementsEqual("      \"urls\" : [".utf8) { table = URLTable() }
        }

        while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            pending += chunk
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                line(pending[start..<newline])
                start = newline + 1
            }
            pending.removeSubrange(..<start)
            if malformed { return nil }
        }
        if !pending.isEmpty { line(pending[...]) }
        guard !malformed, table == nil, skeleton.first == UInt8(ascii: "{") else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var report = try decoder.decode(AuditReport.self, from: Data(skeleton))
        // One `urls` array per domain, in order (an empty one too).
        guard tables.count == report.domains.count else { return nil }
        for index in report.domains.indices { report.domains[index].urls = tables[index] }
        return report
    }

    /// A JSON string literal at the start of `text` (escapes as JSONEncoder writes them, and \\uXXXX pairs).
    static func stringValue(_ text: ArraySlice<UInt8>) -> String? {
        guard text.first == UInt8(ascii: "\"") else { return nil }
        var out: [UInt8] = []
        var i = text.startIndex + 1
        while i < text.endIndex {
            let byte = text[i]
            if byte == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                i += 1
                continue
            }
            guard i + 1 < text.endIndex else { return nil }
            let escape = text[i + 1]
            i += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard i + 4 <= text.endIndex,
                    let unit = UInt16(String(decoding: text[i..<(i + 4)], as: UTF8.self), radix: 16)
                else { return nil }
                i += 4
                var scalar = Unicode.Scalar(unit)
                if (0xD800..<0xDC00).contains(unit), i + 6 <= text.endIndex, text[i] == UInt8(ascii: "\\"),
                    text[i + 1] == UInt8(ascii: "u"),
                    let low = UInt16(String(decoding: text[(i + 2)..<(i + 6)], as: UTF8.self), radix: 16),
                    (0xDC00..<0xE000).contains(low)
                {
                    scalar = Unicode.Scalar(0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(low - 0xDC00))
                    i += 6
                }
                out += Array(String(scalar ?? "\u{FFFD}").utf8)
            default: return nil
            }
        }
        return nil
    }
}
