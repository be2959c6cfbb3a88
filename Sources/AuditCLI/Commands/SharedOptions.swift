import AASA

/// Options several commands take with the same meaning, declared once (the network ones are `NetworkOptions`).
enum SharedOptions {
    static let failOn = OptionSpec.choice(
        "--fail-on", of: [Severity.error, .warning, .info], default: .error,
        help: "exit 1 when a finding is at least this severe")
}
