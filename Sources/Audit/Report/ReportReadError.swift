import Foundation

/// Why a file could not be read as a report.json, in one line: which file, where, what is wrong.
public struct ReportReadError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// The file as it was named.
    public var file: String
    /// Where and what, for example "line 1, column 1: expected '{', found 'r'".
    public var problem: String
    /// The file could not be opened or read at all (it may well be a report).
    public var unreadable = false

    public var description: String {
        unreadable ? "cannot read \(file): \(problem)" : "\(file) is not an aasa-audit report.json: \(problem)"
    }

    public var errorDescription: String? { description }
}
