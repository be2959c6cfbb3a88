import AASA
import CHTMLScan
import Fetching
import Foundation

let version = "0.1.0"

let mainUsage = """
    usage: aasa-audit <command> [options]

    Audits Universal Links deployments: will this site's links open our iOS app, and if not, exactly why?

    commands:
      audit DOMAIN ... [--domains FILE] [--out DIR] audit deployed domains as Apple's fetcher sees them
      check FILE [--json]                          validate a local apple-app-site-association file
      match (--file FILE | --domain D) [--app-id ID] [--json] URL ...
                                                   which app opens each URL, and which rule decided
      rules [--json | --markdown]                  the check catalogue

    aasa-audit <command> --help shows a command's options; aasa-audit --version shows versions.
    """

func main() async -> ExitCode {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let command = arguments.first else {
        Terminal.err("aasa-audit: missing command\n\n" + mainUsage)
        return .usage
    }
    arguments.removeFirst()
    let commands: [String: (usage: String, run: ([String]) async throws -> ExitCode)] = [
        "audit": (AuditCommand.usage, AuditCommand.run),
        "check": (CheckCommand.usage, CheckCommand.run),
        "match": (MatchCommand.usage, MatchCommand.run),
        "rules": (RulesCommand.usage, RulesCommand.run),
    ]
    switch command {
    case "--help", "-h", "help":
        Terminal.out(mainUsage)
        return .success
    case "--version":
        let xml = String(cString: chtmlscan_libxml_version())
        Terminal.out("aasa-audit \(version)\n\(Libcurl.versionString)\nlibxml2 \(xml)")
        return .success
    default:
        break
    }
    guard let entry = commands[command] else {
        Terminal.err("aasa-audit: unknown command \(command)\n\n" + mainUsage)
        return .usage
    }
    if arguments.contains("--help") || arguments.contains("-h") {
        Terminal.out(entry.usage)
        return .success
    }
    do {
        return try await entry.run(arguments)
    } catch let error as UsageError {
        Terminal.err("aasa-audit \(command): \(error.message)\n\n\(error.usage)")
        return .usage
    } catch {
        Terminal.err("aasa-audit \(command): \(error)")
        return .toolFailure
    }
}

// A file-size limit (ulimit -f) or quota then fails the write with EFBIG, reported as a tool error with the
// summary still printed, instead of killing the process before it can say anything.
signal(SIGXFSZ, SIG_IGN)

/// The main thread waits on a semaphore instead of parking in dispatch_main (what a top-level `await` does):
/// valgrind 3.19 crashes on that park, and `Scripts/valgrind` checks a real run for leaks.
final class Outcome: @unchecked Sendable {
    var code = ExitCode.toolFailure
}
let outcome = Outcome()
let finished = DispatchSemaphore(value: 0)
Task.detached {
    outcome.code = await main()
    finished.signal()
}
finished.wait()
exit(outcome.code.rawValue)
