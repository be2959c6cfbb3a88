/// One subcommand: its declaration, a plan made from the parsed options (every local input read and checked,
/// so a usage error comes before any work), and the run that carries the plan out.
protocol Command: Sendable {
    /// Everything the run needs, already validated.
    associatedtype Plan

    static var spec: CommandSpec { get }
    static func plan(from options: ParsedOptions) throws(UsageError) -> Plan
    static func run(_ plan: Plan) async -> ExitCode
}

/// Exit codes of the CLI contract; monitoring scripts rely on them.
public enum ExitCode: Int32, Sendable {
    case success = 0
    case findings = 1
    case usage = 2
    case toolFailure = 3
    /// SIGINT or SIGTERM: the report of what finished was still written.
    case interrupted = 130
}
