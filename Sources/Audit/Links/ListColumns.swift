/// The other columns of a CSV list given to `links`, carried through to links.csv after its own columns (as a
/// spreadsheet's campaign, channel or owner columns stay beside each link): the headers in the order first seen
/// across the lists, and each entry's cells by its `FILE:LINE`.
public struct ListColumns: Sendable {
    /// The extra columns' headers; one that is also a links.csv column is written as `input_NAME`.
    public private(set) var headers: [String] = []
    private var cells: [String: [String: String]] = [:]
    /// Header positions by name, so a second list with the same columns adds none.
    private var known: [String: Int] = [:]

    public init() {}

    /// Keeps `row`'s cells other than the one at `skipping` (the link itself), for the entry at `source`.
    public mutating func add(header: [String], row: [String], skipping: Int, source: String) {
        var kept: [String: String] = [:]
        for (i, name) in header.enumerated() where i != skipping && !name.isEmpty && i < row.count {
            if known[name] == nil {
                known[name] = headers.count
                headers.append(name)
            }
            kept[name] = row[i]
        }
        if !kept.isEmpty { cells[source] = kept }
    }

    /// The entry's cell under `header`, empty when its list had no such column.
    public func cell(_ header: String, source: String) -> String { cells[source]?[header] ?? "" }

    public var isEmpty: Bool { headers.isEmpty }
}
