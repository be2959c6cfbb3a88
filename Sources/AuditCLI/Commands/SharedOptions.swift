import AASA
import Foundation

/// Options several commands take with the same meaning, declared once (the network ones are `NetworkOptions`).
enum SharedOptions {
    static let failOn = OptionSpec.choice(
        "--fail-on", of: [Severity.error, .warning, .info], default: .error,
        help: "exit 1 when a finding is at least this severe")
    /// `audit` and `merge`: `--fail-on none` lets no finding fail the run (with `--fail-on-change`, only a change
    /// since the baseline does: a nightly job that alerts on change only).
    static let runFailOn = OptionSpec(
        "--fail-on", .choice([Severity.error, .warning, .info].map(\.rawValue) + ["none"]), default: "error",
        help: "exit 1 when a finding is at least this severe; none: findings never fail the run")

    /// `--fail-on`'s severity, nil for `none`.
    static func failOn(_ options: ParsedOptions) -> Severity? {
        options.choice(runFailOn, as: Severity.self)
    }

    /// `audit` and `check`: the ignore entries (`ConfigFile`).
    static let config = OptionSpec(
        "--config", .path, placeholder: "FILE",
        help: "read ignore entries from FILE instead of .aasa-audit.json in the working folder")
    static let noConfig = OptionSpec.flag("--no-config", help: "do not read .aasa-audit.json")
    static let ignore = OptionSpec(
        "--ignore", .string, repeatable: true, placeholder: "ID[@DOMAIN]",
        help: "suppress check ID's findings (on DOMAIN only; * wildcards): reported as suppressed, not failing")
    /// `audit` and `check`'s "Suppressions" group, and the one rule between its options.
    static let suppressions = OptionGroup("Suppressions", [config, noConfig, ignore])
    static let suppressionsConflict = Constraint.conflicts(config.name, noConfig.name)
    /// `audit` and `links`.
    static let concurrency = OptionSpec(
        "--concurrency", .integer(1...1024), default: "32", help: "domains audited (links judged, with links) at a time"
    )
    static let out = OptionSpec(
        "--out", .path, defaultHelp: "Reports/<UTC timestamp>/ (audit points Reports/latest at it)", placeholder: "DIR",
        help: "write the reports to DIR; an earlier run's files there move to DIR/previous/")

    /// `audit`, `merge` and `links`: Excel reads a CSV without a byte order mark in the system's legacy code page,
    /// so a URL or anchor text with é or 日本 came out garbled.
    static let csvBOM = OptionSpec.choice(
        "--csv-bom", of: [CSVByteOrderMark.on, .off], default: .on,
        help: "start each CSV file with a UTF-8 byte order mark, so spreadsheets read non-ASCII text right")

    /// Whether `--csv-bom` asks for the mark (the default).
    static func writesCSVBOM(_ options: ParsedOptions) -> Bool {
        options.choice(csvBOM, as: CSVByteOrderMark.self) != .off
    }

    static let infoPlist = OptionSpec(
        "--info-plist", .path, placeholder: "FILE",
        help: "the app's Info.plist (XML or binary): say whether it declares each custom-scheme link's scheme")

    /// Bytes read from `--info-plist` at most: real ones are a few KiB.
    static let infoPlistLimit = 8 << 20

    /// The schemes `--info-plist` declares; nil without the option. An unreadable file is a usage error (exit 2).
    static func urlSchemes(from options: ParsedOptions, command: String) throws(UsageError) -> URLSchemes? {
        guard let file = options.string(infoPlist) else { return nil }
        let bytes = try InputFile.read(file, command: command, limit: infoPlistLimit)
        do throws(Entitlements.ReadError) {
            return try URLSchemes.read(Data(bytes), file: file)
        } catch {
            throw UsageError(error.description, command: command)
        }
    }
}

/// `--csv-bom`'s values.
enum CSVByteOrderMark: String {
    case on, off
}
