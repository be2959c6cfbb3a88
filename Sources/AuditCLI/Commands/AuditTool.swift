internal import CBuildInfo
import Crawling
import Fetching

/// The tool: its commands, and the one entry point the executable calls.
public enum AuditTool {
    public static let version = "0.1.0"

    /// Where the binary comes from: the git commit Scripts/package built it from ("commit 1a2b3c4d5e6f", with
    /// "-dirty" when the tree had changes), or, for a plain `swift build`, which records no commit, that it is a
    /// development build and how to get one that names its commit.
    static var build: String {
        let commit = String(cString: aasa_build_commit())
        guard commit.isEmpty else { return "commit \(commit)" }
        #if DEBUG
            let configuration = "debug"
        #else
            let configuration = "release"
        #endif
        return "development build, \(configuration): swift build records no commit, Scripts/package does"
    }

    /// The command names, in the order help lists them (kept in step with `spec` by a test; spelled out here
    /// because `help`'s own declaration lists them).
    static let commandNames = ["audit", "links", "merge", "check", "match", "rules", "help", "completions"]

    static let commands: [any Command.Type] = [
        AuditCommand.self, LinksCommand.self, MergeCommand.self, CheckCommand.self, MatchCommand.self,
        RulesCommand.self,
        HelpCommand.self,
        CompletionsCommand.self,
    ]

    static let spec = ToolSpec(
        name: "aasa-audit", version: version,
        summary:
            "Audits Universal Links deployments: will this site's links open our iOS app, and if not, exactly why?",
        commands: commands.map { $0.spec },
        exitStatus:
            "0 no finding at or above --fail-on (default error); 1 such findings; 2 usage error or refused input; "
            + "3 the tool itself failed (report not written); 130 interrupted by SIGINT or SIGTERM (the partial "
            + "report is written, marked interrupted). audit and merge, " + RunStatus.table,
        environment: ToolEnvironment.variables, files: ToolEnvironment.files)

    /// Runs the command line (without the program name) and returns the exit status.
    public static func main(_ arguments: [String]) async -> ExitCode {
        do {
            return try await dispatch(arguments)
        } catch {
            Terminal.err(error.text)
            return .usage
        }
    }

    static func dispatch(_ arguments: [String]) async throws(UsageError) -> ExitCode {
        guard let name = arguments.first else { throw UsageError("missing command") }
        switch name {
        case "--help", "-h":
            Terminal.out(HelpText.render(spec))
            return .success
        case "--version":
            Terminal.out(
                "aasa-audit \(version) (\(build))\n\(Libcurl.versionString)\nlibxml2 \(libxml2Version)")
            return .success
        default: break
        }
        guard let command = commands.first(where: { $0.spec.name == name }) else {
            let known = name.hasPrefix("-") ? ["--help", "--version"] : commandNames
            let guess = EditDistance.suggestion(for: name, among: known)
            let what = name.hasPrefix("-") ? "option" : "command"
            throw UsageError("unknown \(what) \(name)" + (guess.map { " (did you mean \($0)?)" } ?? ""))
        }
        return try await execute(command, Array(arguments.dropFirst()))
    }

    /// Parse, plan, run: one command from its arguments to its exit status.
    static func execute<C: Command>(_ command: C.Type, _ arguments: [String]) async throws(UsageError) -> ExitCode {
        switch try Parser.parse(arguments, for: C.spec, others: spec.commands) {
        case .help:
            Terminal.out(HelpText.render(C.spec))
            return .success
        case .run(let options):
            return await C.run(try C.plan(from: options))
        }
    }

    /// A failure of the tool itself (exit 3), in one line.
    static func toolFailure(_ command: String, _ message: String) -> ExitCode {
        Terminal.err("aasa-audit \(command): \(Terminal.safe(message))")
        return .toolFailure
    }
}
