/// A line of an input list (`--domains FILE`) that could not be audited. The rest of the list is audited, the
/// reports are written and the run exits 2, so a nightly job notices one junk line without losing the night.
public struct InputError: Codable, Sendable, Equatable {
    /// The line as written (trimmed).
    public var input: String
    /// `FILE:LINE`, as compilers name a place in a file.
    public var source: String
    public var reason: String

    public init(input: String, source: String, reason: String) {
        self.input = input
        self.source = source
        self.reason = reason
    }

    /// The stderr line: `FILE:LINE: "input": reason`.
    public var line: String { "\(source): \"\(input)\": \(reason)" }
}
