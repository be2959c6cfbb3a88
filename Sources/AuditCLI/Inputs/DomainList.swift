import Foundation

/// `--domains FILE`: one domain per line with `#` comments, or a CSV whose header has a `domain` column.
enum DomainList {
    static func read(_ path: String, command: String) throws(UsageError) -> [String] {
        try parse(InputFile.read(path, command: command), path: path, command: command)
    }

    static func parse(_ bytes: [UInt8], path: String, command: String) throws(UsageError) -> [String] {
        let lines = String(decoding: bytes, as: UTF8.self).split(whereSeparator: \.isNewline).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let content = lines.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard let header = content.first else { return [] }
        let columns = CSVLine.split(header).map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if columns.count > 1 || columns.first == "domain" {
            guard let index = columns.firstIndex(of: "domain") else {
                throw UsageError("\(path) looks like a CSV but has no \"domain\" column", command: command)
            }
            return content.dropFirst().compactMap { line in
                let cells = CSVLine.split(line)
                return index < cells.count ? cells[index].trimmingCharacters(in: .whitespaces) : nil
            }.filter { !$0.isEmpty }
        }
        return content.map { line in
            // Allow trailing comments: "example.com  # shop".
            String(line.split(separator: "#", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
        }
    }
}

/// RFC 4180 field splitting for one line (quoted fields, doubled quotes).
enum CSVLine {
    static func split(_ line: String) -> [String] {
        var cells: [String] = []
        var cell = ""
        var quoted = false
        var iterator = Array(line).makeIterator()
        var pending: Character? = nil
        while let c = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if c == "\"" {
                    let next = iterator.next()
                    if next == "\"" {
                        cell.append("\"")
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    cell.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(c)
            }
        }
        cells.append(cell)
        return cells
    }
}
