/// One link to judge, as read from the command line, a list, a CSV or an HTML file.
public struct LinkInput: Sendable, Equatable {
    /// The line, cell or href as written.
    public var input: String
    /// `FILE:LINE`, or "argument".
    public var source: String
    /// The anchor's text (`--html`).
    public var text: String?
    /// The URL judged (the input, trimmed).
    public var url: String

    public init(input: String, source: String, text: String? = nil, url: String? = nil) {
        self.input = input
        self.source = source
        self.text = text
        self.url = url ?? input
    }
}
