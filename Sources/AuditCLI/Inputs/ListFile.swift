import Foundation

/// A list of inputs, one a line (`#` comments), or a CSV whose header names the wanted column: what
/// `--domains FILE` and `match --urls FILE` read. Each value keeps the `FILE:LINE` it came from, so a refused
/// line can be named the way compilers name a place in a file.
enum ListFile {
    /// One value and where it was written.
    struct Line: Equatable {
        var value: String
        /// `FILE:LINE` (1-based physical line).
        var source: String
    }

    /// `column` is the CSV header that marks a CSV ("domain", "url"). `trailingComments`: `value  # note` keeps
    /// `value` (domains; a URL keeps its `#fragment`). `isHeader`: whether a first line with commas but without the
    /// column is still a CSV header, which is then refused (a domain never holds a comma; a URL may, but always
    /// has a slash).
    static func parse(
        _ bytes: [UInt8], path: String, column: String, trailingComments: Bool, isHeader: (String) -> Bool,
        command: String
    ) throws(UsageError) -> [Line] {
        let name = path == "-" ? "<stdin>" : path
        let text = String(decoding: bytes, as: UTF8.self)
        var lines: [(text: String, number: Int)] = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if !line.isEmpty && !line.hasPrefix("#") { lines.append((line, index + 1)) }
        }
        guard let header = lines.first else { return [] }
        let columns = CSVLine.split(header.text).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if columns.contains(column) || (columns.count > 1 && isHeader(header.text)) {
            guard let index = columns.firstIndex(of: column) else {
                throw UsageError("\(name) looks like a CSV but has no \"\(column)\" column", command: command)
            }
            return lines.dropFirst().compactMap { line in
                let cells = CSVLine.split(line.text)
                guard index < cells.count else { return nil }
                let value = cells[index].trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : Line(value: value, source: "\(name):\(line.number)")
            }
        }
        return lines.compactMap { line in
            let value =
                trailingComments
                ? String(line.text.split(separator: "#", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
                : line.text
            return value.isEmpty ? nil : Line(value: value, source: "\(name):\(line.number)")
        }
    }
}
