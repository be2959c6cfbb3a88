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
        var text = text
        text.withUTF8 { appendCell(utf8: $0, to: &out) }
    }

    /// `appendCell` of text given as its UTF-8 bytes (a spooled link's). One scan finds what the cell needs; runs
    /// without a `"` are copied whole (a byte at a time was most of urls.csv's time: its notes have commas).
    static func appendCell(utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var quote = false
        var quotes = false
        var index = 0
        while index < utf8.count {
            // Most bytes are plain: one table read each.
            let kind = cellByteKind[Int(utf8[index])]
            index += 1
            guard kind != 0 else { continue }
            switch kind {
            case 1: quote = true
            case 2:
                quote = true
                quotes = true
            case 3: return appendEscaped(utf8, to: &out)
            default:
                // U+0080 to U+009F (C1) are 0xC2 then 0x80 to 0x9F.
                if index < utf8.count, utf8[index] >= 0x80, utf8[index] <= 0x9F { return appendEscaped(utf8, to: &out) }
            }
        }
        let formula: Bool
        switch utf8.first {
        case UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "@"), 0x09, 0x0D: formula = true
        default: formula = false
        }
        if quote { out.append(UInt8(ascii: "\"")) }
        if formula { out.append(UInt8(ascii: "'")) }
        if quotes {
            var start = 0
            for index in utf8.indices where utf8[index] == UInt8(ascii: "\"") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...index]))
                out.append(UInt8(ascii: "\""))
                start = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        } else {
            out.append(contentsOf: utf8)
        }
        if quote { out.append(UInt8(ascii: "\"")) }
    }

    /// What each byte asks of a cell: 0 nothing, 1 quotes (`,` LF CR), 2 quotes and doubling (`"`), 3 escaping (a
    /// C0 control but tab, DEL), 4 a look at the next byte (0xC2 starts the C1 controls).
    private static let cellByteKind: [UInt8] = (0...255).map { byte in
        switch byte {
        case 0x2C, 0x0A, 0x0D: 1
        case 0x22: 2
        case 0x09: 0
        case 0..<0x20, 0x7F: 3
        case 0xC2: 4
        default: 0
        }
    }

    /// A cell with control characters: shown as `visibleEscape` text first.
    private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var text = escapeControls(String(decoding: utf8, as: UTF8.self))
        text.withUTF8 { appendCell(utf8: $0, to: &out) }
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
        /// Each column's header, and how its cell is appended to a line.
        private var columns: [(header: String, append: (Row, inout [UInt8]) -> Void)] = []

        public init(_ columns: [(header: String, value: (Row) -> String)]) { add(columns) }

        /// Columns that append their cell themselves (with `CSV.appendCell(utf8:to:)`): rows whose texts are bytes
        /// already.
        init(cells: [(header: String, append: (Row, inout [UInt8]) -> Void)]) { columns = cells }

        /// More columns, after those it has.
        public mutating func add(_ more: [(header: String, value: (Row) -> String)]) {
            columns += more.map { column in (column.header, { row, out in CSV.appendCell(column.value(row), to: &out) })
            }
        }

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
                column.append(row, &out)
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
