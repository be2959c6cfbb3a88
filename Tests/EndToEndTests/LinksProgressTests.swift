import Foundation
import TestSupport
import Testing

/// `links`' progress line: on stderr only when stderr is a terminal (a pseudo-terminal from util-linux's
/// `script`) and not `--quiet`; a pipe gets nothing, not even the erase sequence.
@Suite struct LinksProgressTests {
    static let server = FixtureServer.shared

    /// A link whose host never finishes its TLS handshake (stall.aasa.test) keeps the run going past the line's
    /// first redraw (half a second), beside one that finishes at once.
    static let links = [
        "links", "https://stall.aasa.test/x", "https://linkapp--progress.aasa.test/p/1", "--timeout", "2",
        "--format", "json",
    ]

    @Test func stderrThatIsNotATerminalStaysClean() async throws {
        let out = try tempDirectory()
        let result = try await Binary.run(Self.links + ["--out", out.path] + Self.server.arguments)
        #expect(result.status == 1, "the stalled link is broken: \(result.stdout)\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr.debugDescription)")
        #expect(!result.stdout.contains("links]") && !result.stdout.contains("\u{1B}[K"), "\(result.stdout)")
    }

    @Test func aTerminalSeesLinksJudgedOutOfTotalThenTheLineErased() async throws {
        func run(_ extra: [String]) async throws -> String {
            let out = try tempDirectory()
            return try await Binary.run(
                Self.links + ["--out", out.path] + extra + Self.server.arguments,
                through: ["/bin/sh", "-c", "exec env NO_COLOR=1 script -qec \"$0 $*\" /dev/null"]
            ).stdout
        }
        let shown = try await run([])
        #expect(shown.contains("/2 links]"), "\(shown.debugDescription)")
        #expect(shown.contains("\r\u{1B}[K"), "the line is erased at the end: \(shown.debugDescription)")
        let afterErase = shown.components(separatedBy: "\r\u{1B}[K").last ?? ""
        #expect(!afterErase.contains("links]"), "no redraw after the erase: \(shown.debugDescription)")
        let quiet = try await run(["--quiet"])
        #expect(!quiet.contains("links]") && !quiet.contains("\u{1B}[K"), "\(quiet.debugDescription)")
    }
}
