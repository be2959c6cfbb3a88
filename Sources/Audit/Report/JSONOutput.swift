import Foundation

/// The one JSON format every JSON output of the tool uses (report.json, `check --json`, `match --json`,
/// `rules --json`): pretty-printed, keys sorted, slashes unescaped, ISO 8601 dates. Stable output makes two runs
/// diffable and lets a report be compared byte for byte.
public enum JSONOutput {
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// `encoder()`'s output on one line, without spaces: a record of the run's log (`DomainRecord`).
    static func compactEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// Reads what `encoder()` writes.
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// `value` as JSON text, for printing.
    public static func text<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder().encode(value), as: UTF8.self)
    }

    /// The same bytes as `encoder().encode(value)`, handed over in pieces: a report and its domains are written
    /// member by member and a crawl's URLs a few hundred rows at a time, so a big report is never one tree of
    /// encoder values nor one buffer.
    public static func write<T: Encodable>(_ value: T, into sink: (Data) throws -> Void) throws {
        try withoutActuallyEscaping(sink) { sink in
            var writer = StreamedJSONWriter(sink: sink)
            try writer.write(value, depth: 0)
            try writer.flush()
        }
    }
}
