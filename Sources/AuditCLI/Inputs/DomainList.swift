/// `--domains FILE`: one domain per line with `#` comments (also after the domain), or a CSV whose header has a
/// `domain` column.
enum DomainList {
    /// Hands over each value as it is read (see `ListFile.read`).
    static func read(
        _ path: String, command: String, each: (ListFile.Item) throws(UsageError) -> Void
    )
        throws(UsageError)
    {
        try ListFile.read(
            path: path, column: "domain", trailingComments: true, isHeader: { _ in true }, command: command,
            each: each)
    }

    static func parse(_ bytes: [UInt8], path: String, command: String) throws(UsageError) -> [ListFile.Line] {
        try ListFile.parse(
            bytes, path: path, column: "domain", trailingComments: true, isHeader: { _ in true }, command: command)
    }
}
