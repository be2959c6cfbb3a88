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
                    switch value(text.dropFirst(23)) {
                    case .null: opens = .some(nil)
                    case .string(let app): opens = app
                    default: malformed = true
                    }
                } else if text.starts(with: "          \"url\" : ".utf8) {
                    guard case .string(let url) = value(text.dropFirst(18)), let app = opens else {
                        return malformed = true
                    }
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
        var report = try AuditReport.decoder().decode(AuditReport.self, from: Data(skeleton))
        // One `urls` array per domain, in order (an empty one too).
        guard tables.count == report.domains.count else { return nil }
        for index in report.domains.indices { report.domains[index].urls = tables[index] }
        return report
    }

    /// The value of a `"key" : value,` line, read by the project's strict JSON parser.
    static func value(_ text: ArraySlice<UInt8>) -> JSONNode.Value? {
        var bytes = Array(text)
        if bytes.last == UInt8(ascii: ",") { bytes.removeLast() }
        return try? JSONParser.parse(bytes).value
    }
}
