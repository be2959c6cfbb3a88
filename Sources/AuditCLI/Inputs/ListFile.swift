import Audit
import Foundation

/// A list of inputs, one a line (`#` comments), or a CSV whose header names the wanted column: what
/// `--domains FILE`, `links FILE` and `match --urls FILE` read. Each value keeps the line it came from, so a refused
/// line can be named the way compilers name a place in a file. The list is read a line at a time (`ListReader`)
/// and each value handed over as it is read, so a caller can stop at its cap before the rest is read.
enum ListFile {
    /// One value and where it was written.
    struct Line: Equatable {
        var value: String
        /// `FILE:LINE` (1-based physical line).
        var source: String
    }

    /// What a line of the list gives.
    enum Item {
        /// A value and its line number.
        case value(String, line: Int)
        /// A line that cannot be read as a value: the start of it, its line number and why.
        case refused(String, line: Int, reason: String)
    }

    /// How `FILE:LINE` names standard input.
    static func name(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// `column` is the CSV header that marks a CSV ("domain", "url"). `trailingComments`: `value  # note` keeps
    /// `value` (domains; a URL keeps its `#fragment`). `isHeader`: whether a first line with commas but without the
    /// column is still a CSV header, which is then refused (a domain never holds a comma; a URL may, but always
    /// has a slash). A CSV row without the column is skipped, as an empty line is.
    /// `cells`, when given, receives a CSV's header and then each row's cells just before its value is handed to
    /// `each` (`links` carries a list's other columns through to links.csv).
    static func read(
        path: String, column: String, trailingComments: Bool, isHeader: (String) -> Bool, command: String,
        cells: ((_ header: [String], _ row: [String]) -> Void)? = nil, each: (Item) throws(UsageError) -> Void
    ) throws(UsageError) {
        var reader = try ListReader(path: path, command: command)
        defer { reader.close() }
        try read(
            &reader, path: path, column: column, trailingComments: trailingComments, isHeader: isHeader,
            command: command, cells: cells, each: each)
    }

    static func read(
        _ reader: inout ListReader, path: String, column: String, trailingComments: Bool,
        isHeader: (String) -> Bool, command: String, cells: ((_ header: [String], _ row: [String]) -> Void)? = nil,
        each: (Item) throws(UsageError) -> Void
    ) throws(UsageError) {
        /// The CSV header as written (trimmed), for `cells`.
        var header: [String] = []
        /// nil until the first line with content; then the CSV column's index, or -1 for a plain list.
        var csvColumn: Int?
        while var raw = try reader.next() {
            // A list saved by Excel, or one of this tool's own CSV files, starts with a UTF-8 byte order mark.
            if raw.number == 1, raw.text.hasPrefix("\u{FEFF}") { raw.text.removeFirst() }
            let line = ListReader.trimmed(raw.text)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if raw.tooLong {
                try each(
                    .refused(
                        line, line: raw.number,
                        reason: "longer than \(RefusedInputs.grouped(ListReader.maximumLine)) bytes: not read"))
                continue
            }
            if raw.notUTF8 {
                try each(.refused(line, line: raw.number, reason: "not UTF-8 text"))
                continue
            }
            guard let index = csvColumn else {
                let columns = CSVLine.split(line).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                if columns.contains(column) || (columns.count > 1 && isHeader(line)) {
                    guard let index = columns.firstIndex(of: column) else {
                        throw UsageError(
                            "\(name(path)) looks like a CSV but has no \"\(column)\" column", command: command)
                    }
                    csvColumn = index
                    header = CSVLine.split(line).map { $0.trimmingCharacters(in: .whitespaces) }
                    continue
                }
                csvColumn = -1
                try plain(line, number: raw.number)
                continue
            }
            if index < 0 {
                try plain(line, number: raw.number)
                continue
            }
            let row = CSVLine.split(line)
            guard index < row.count else { continue }
            let value = row[index].trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else { continue }
            cells?(header, row)
            try each(.value(value, line: raw.number))
        }

        func plain(_ line: String, number: Int) throws(UsageError) {
            let value =
                trailingComments
                ? String(line.split(separator: "#", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
                : line
            if !value.isEmpty { try each(.value(value, line: number)) }
        }
    }

    /// Every value of a list already in memory (tests); a line too long to read is left out.
    static func parse(
        _ bytes: [UInt8], path: String, column: String, trailingComments: Bool, isHeader: (String) -> Bool,
        command: String
    ) throws(UsageError) -> [Line] {
        var reader = ListReader(bytes: bytes, path: path, command: command)
        var lines: [Line] = []
        try read(
            &reader, path: path, column: column, trailingComments: trailingComments, isHeader: isHeader,
            command: command
        ) { item in
            if case .value(let value, let number) = item {
                lines.append(Line(value: value, source: "\(name(path)):\(number)"))
            }
        }
        return lines
    }
}
