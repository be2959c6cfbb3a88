/// A mistake in the command line or a refused local input: one line saying what is wrong (with a did-you-mean
/// where one helps), then where to get help. Exit status 2.
struct UsageError: Error, Equatable {
    /// The command it concerns; nil for the tool itself (an unknown command).
    var command: String?
    var message: String

    init(_ message: String, command: String? = nil) {
        self.command = command
        self.message = message
    }

    /// The two lines for stderr, never the whole usage. The message is one line whatever it quotes: a line break
    /// in a value from a file (a shard's tool version) is shown escaped, so it cannot start a line of its own.
    var text: String {
        let message = Terminal.safe(message)
        if let command {
            return "aasa-audit \(command): \(message)\nRun 'aasa-audit \(command) --help' for its options."
        }
        return "aasa-audit: \(message)\nRun 'aasa-audit help' for the commands."
    }
}
