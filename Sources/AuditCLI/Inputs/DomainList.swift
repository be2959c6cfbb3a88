/// `--domains FILE`: one domain per line with `#` comments (also after the domain), or a CSV whose header has a
/// `domain` column.
enum DomainList {
    static func read(_ path: String, command: String) throws(UsageError) -> [ListFile.Line] {
        try parse(InputFile.read(path, command: command), path: path, command: command)
    }

    static func parse(_ bytes: [UInt8], path: String, command: String) throws(UsageError) -> [ListFile.Line] {
        try ListFile.parse(
            bytes, path: path, column: "domain", trailingComments: true, isHeader: { _ in true }, command: command)
    }
}
