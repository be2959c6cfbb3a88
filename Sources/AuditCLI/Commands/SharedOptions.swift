import AASA

/// Options several commands take with the same meaning, declared once (the network ones are `NetworkOptions`).
enum SharedOptions {
    static let failOn = OptionSpec.choice(
        "--fail-on", of: [Severity.error, .warning, .info], default: .error,
        help: "exit 1 when a finding is at least this severe")
    /// `audit` and `links`.
    static let concurrency = OptionSpec(
        "--concurrency", .integer(1...1024), default: "32", help: "domains audited (links judged, with links) at a time"
    )
    static let out = OptionSpec(
        "--out", .path, defaultHelp: "Reports/<UTC timestamp>/ (audit points Reports/latest at it)", placeholder: "DIR",
        help: "write the reports to DIR")
}
