import Foundation

/// RFC 4180 text with spreadsheet formulas neutralised: site content must never run in someone's spreadsheet.
public enum CSV {
    /// U+FEFF, written first in every CSV file unless `--csv-bom off`: Excel reads a file without it in the
    /// system's legacy code page and garbles non-ASCII text.
    public static let byteOrderMark = "\u{FEFF}"

    /// `text` without a leading byte order mark: every reader of the tool's CSV files accepts one.
    public static func droppingByteOrderMark(_ text: Substring) -> Substring {
        text.hasPrefix(byteOrderMark) ? text.dropFirst() : text
    }

    /// Quotes when needed; a cell starting with = + - @ tab or CR gets a leading apostrophe (OWASP CSV injection).
    /// Control characters other than tab, LF and CR (C0, DEL, C1) are shown as `visibleEscape` text: a terminal
    /// acts on them when the file is printed, and spreadsheets differ on what they do with them.
    public static func cell(_ text: String) -> String {
        var out: [UInt8] = []
        appendCell(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `cell(text)` appended to `out`, on bytes: urls.csv has a cell per column for every crawled URL, inlinks.csv
    /// for every link, so no string is built per cell.
    static func appendCell(_ text: String, to out: inout [UInt8]) {
        let text = hasControls(text) ? escapeControls(text) : text
        let utf8 = text.utf8
        let formula = utf8.first.map { "=+-@\t\r".utf8.contains($0) } ?? false
        let quote = utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }
        guard formula || quote else {
            out += utf8
            return
        }
        if quote { out.append(UInt8(ascii: "\"")) }
        if formula { out.append(UInt8(ascii: "'")) }
        for byte in utf8 {
            out.append(byte)
            if byte == UInt8(ascii: "\"") { out.append(byte) }
        }
        if quote { out.append(UInt8(ascii: "\"")) }
    }

    static func hasControls(_ text: String) -> Bool {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D { return true }
            if byte == 0x7F || (previous == 0xC2 && byte >= 0x80 && byte <= 0x9F) { return true }
            previous = byte
        }
        return false
    }

    static func escapeControls(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if (v < 0x20 && v != 0x09 && v != 0x0A && v != 0x0D) || (v >= 0x7F && v <= 0x9F) {
                out += visibleEscape(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A table whose columns (header and value) are declared once, so headers and cells never drift apart.
    public struct Table<Row> {
        public var columns: [(header: String, value: (Row) -> String)]

        public init(_ columns: [(header: String, value: (Row) -> String)]) { self.columns = columns }

        public func render(_ rows: [Row]) -> String {
            var text = ""
            render(rows) { text += $0 }
            return text
        }

        /// Hands the text over in pieces of about 64 KiB, so a 100,000-row table never exists in one string.
        public func render<Rows: Sequence>(_ rows: Rows, into sink: (String) throws -> Void) rethrows
        where Rows.Element == Row {
            var chunk = header
            for row in rows {
                append(row, to: &chunk)
                if chunk.count >= 65_536 {
                    try sink(String(decoding: chunk, as: UTF8.self))
                    chunk.removeAll(keepingCapacity: true)
                }
            }
            try sink(String(decoding: chunk, as: UTF8.self))
        }

        /// The header line's bytes.
        var header: [UInt8] {
            var line: [UInt8] = []
            for (index, column) in columns.enumerated() {
                if index > 0 { line.append(UInt8(ascii: ",")) }
                CSV.appendCell(column.header, to: &line)
            }
            return line + "\r\n".utf8
        }

        /// One row's line, its cells appended where they land.
        func append(_ row: Row, to out: inout [UInt8]) {
            for (index, column) in columns.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                CSV.appendCell(column.value(row), to: &out)
            }
            out += "\r\n".utf8
        }

        /// The header, then the rows `produce` hands to its argument one by one (read from a stream as they are
        /// written), in pieces of about 64 KiB.
        public func render(
            into sink: (String) throws -> Void, rows produce: (_ row: (Row) throws -> Void) throws -> Void
        ) throws {
            try withoutActuallyEscaping(sink) { sink in
                let stream = Stream(self, sink: sink)
                try produce { try stream.add($0) }
                try stream.finish()
            }
        }
    }

    /// A table written as its rows arrive (a report pass hands them over a domain at a time): the header, then the
    /// rows in pieces of about 64 KiB.
    final class Stream<Row> {
        private let table: Table<Row>
        private let sink: (String) throws -> Void
        private var chunk: [UInt8]

        init(_ table: Table<Row>, sink: @escaping (String) throws -> Void) {
            self.table = table
            self.sink = sink
            chunk = table.header
            chunk.reserveCapacity(65_536 + 4_096)
        }

        func add(_ row: Row) throws {
            table.append(row, to: &chunk)
            if chunk.count >= 65_536 {
                try sink(String(decoding: chunk, as: UTF8.self))
                chunk.removeAll(keepingCapacity: true)
            }
        }

        func finish() throws {
            try sink(String(decoding: chunk, as: UTF8.self))
            chunk = []
        }
    }
}
