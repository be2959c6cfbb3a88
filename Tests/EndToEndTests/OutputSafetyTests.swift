import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// Text a site or a file controls never reaches the terminal raw: escape sequences in a Location header, in
/// Apple-Failure-Reason and in app IDs are shown as visible escapes, and bidi controls cannot reorder a line.
@Suite struct OutputSafetyTests {
    static let server = FixtureServer.shared

    /// Characters a terminal acts on instead of showing (LF and tab are ours) and the bidi controls.
    static func raw(_ text: String) -> [String] {
        text.unicodeScalars.filter { c in
            switch c.value {
            case 0x0A, 0x09: false
            case 0x00..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029:
                true
            default: false
            }
        }.map { String(format: "U+%04X", $0.value) }
    }

    /// Characters XML 1.0 forbids.
    static func forbiddenInXML(_ text: String) -> [String] {
        text.unicodeScalars.filter { c in
            (c.value < 0x20 && c.value != 0x09 && c.value != 0x0A && c.value != 0x0D) || c.value == 0xFFFE
                || c.value == 0xFFFF
        }.map { String(format: "U+%04X", $0.value) }
    }

    @Test func auditShowsEscapesFromHeadersAndAppIDsVisibly() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-safe-\(UUID().uuidString)")
        let result = try await Binary.run(
            [
                "audit", "termescape.aasa.test", "termcdn.aasa.test", "--format", "json,html,csv,junit,markdown",
                "--out",
                out.path,
            ] + Self.server.auditArguments + ["--timeout", FixtureServer.roomyTimeout],
            environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(Self.raw(result.stdout).isEmpty, "raw controls on stdout: \(Self.raw(result.stdout))")
        #expect(Self.raw(result.stderr).isEmpty)
        // The redirect's Location, the app IDs and Apple-Failure-Reason are all on the screen, escaped.
        #expect(result.stdout.contains(#"redirects to https://www.termescape.aasa.test/\u{1B}]0;pwned\u{7}\u{1B}[2J"#))
        #expect(result.stdout.contains(#"9JA89QQLNQ.\u{1B}]0;pwned"#))
        #expect(result.stdout.contains(#"\u{202E}txt.exe\u{2066}\u{200F}\u{7F}"#))
        #expect(result.stdout.contains(#"Apple-Failure-Reason: SWCERR00101 \u{1B}]0;pwned"#), "\(result.stdout)")

        // The report keeps what the site sent verbatim; the XML shows what XML cannot hold.
        let report = try AuditReport.decode(Data(contentsOf: out.appendingPathComponent("report.json")))
        let messages = report.domains.flatMap(\.findings).map(\.message)
        #expect(messages.contains { $0.contains("\u{1B}]0;pwned\u{7}") && $0.contains("\u{202E}") })
        let junit = try String(contentsOf: out.appendingPathComponent("report.junit.xml"), encoding: .utf8)
        #expect(Self.forbiddenInXML(junit).isEmpty, "\(Self.forbiddenInXML(junit))")
        #expect(junit.contains(#"\u{1B}]0;pwned\u{7}"#) && junit.contains(#"\u{FFFE}"#))
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(Self.forbiddenInXML(html).isEmpty)
    }

    @Test func checkShowsEscapesInAppIDsPointersAndTheOffendingLine() async throws {
        // JSON escapes in the app IDs and a key; a raw ESC and a bidi override inside a string on line 2 (raw
        // control characters make the JSON invalid, so that line is printed with a caret).
        let escaped = try Binary.write(
            #"{"applinks": {"details": [{"appIDs": ["\u001b]0;t\u0007\u202e"], "paths": ["*"], "\u001b[2J": 1}]}}"#)
        let valid = try await Binary.run(["check", escaped.path], environment: ["NO_COLOR": "1"])
        #expect(valid.status == 1)
        #expect(Self.raw(valid.stdout).isEmpty, "\(Self.raw(valid.stdout))")
        #expect(valid.stdout.contains(#"apps: \u{1B}]0;t\u{7}\u{202E} (applinks)"#), "\(valid.stdout)")
        let rawLine = try Binary.write("{\"applinks\":\n {\"x\u{202E}\u{1B}[2J\": \"\u{1B}]0;t\u{7}\", }}\n")
        let invalid = try await Binary.run(["check", rawLine.path], environment: ["NO_COLOR": "1"])
        #expect(invalid.status == 1)
        #expect(Self.raw(invalid.stdout).isEmpty, "\(Self.raw(invalid.stdout))")
        #expect(invalid.stdout.contains(#"    2 |  {"x\u{202E}\u{1B}[2J": "\u{1B}]0;t\u{7}", }}"#), "\(invalid.stdout)")
        // The caret stands under the escape of the character the finding is about (column 6, the ESC).
        #expect(
            invalid.stdout.contains("\n        | " + String(repeating: " ", count: 12) + "^\n"), "\(invalid.stdout)")
    }

    @Test func matchShowsEscapesInURLsRulesAndAppIDs() async throws {
        let file = try Binary.write(
            #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.\u001b[2J"], "components": [{"/": "/\u202e*"}]}]}}"#)
        let result = try await Binary.run(
            ["match", "--file", file.path, "https://e.example/\u{202E}x\u{1B}]0;t\u{7}"], environment: ["NO_COLOR": "1"]
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.raw(result.stdout).isEmpty, "\(Self.raw(result.stdout))")
        #expect(result.stdout.contains(#"9JA89QQLNQ.\u{1B}[2J"#) && result.stdout.contains(#"/\u{202E}*"#))
        let unusable = try Binary.write("{\"applinks\": \"\u{1B}]0;t\u{7}\"")
        let refused = try await Binary.run(["match", "--file", unusable.path, "/x"], environment: ["NO_COLOR": "1"])
        #expect(refused.status == 1)
        #expect(Self.raw(refused.stderr).isEmpty, "\(Self.raw(refused.stderr))")
    }

    @Test func jsonOutputsEscapeWhatATerminalWouldActOn() async throws {
        let file = try Binary.write(
            #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.\u009b2J\u202e\u007f"], "paths": ["*"]}]}}"#)
        for arguments in [["check", file.path, "--json"], ["check", file.path, "--format", "sarif"]] {
            let result = try await Binary.run(arguments)
            #expect(result.status == 1)
            #expect(Self.raw(result.stdout).isEmpty, "\(arguments): \(Self.raw(result.stdout))")
            #expect(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) is [String: Any])
        }
        let check = try await Binary.run(["check", file.path, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        let apps = try #require(object["apps"] as? [[String: Any]])
        #expect(apps.first?["appID"] as? String == "9JA89QQLNQ.\u{9B}2J\u{202E}\u{7F}", "the same value, escaped")
        let match = try await Binary.run(["match", "--file", file.path, "--json", "https://e.example/\u{202E}"])
        #expect(match.status == 0 && Self.raw(match.stdout).isEmpty, "\(Self.raw(match.stdout))")
    }

    @Test func errorsOnStderrShowEscapesInWhatTheyQuote() async throws {
        let result = try await Binary.run(["audit", "good.aasa.test", "--cdn-base", "ftp://\u{1B}]0;t\u{7}\u{202E}"])
        #expect(result.status == 2)
        #expect(Self.raw(result.stderr).isEmpty, "\(Self.raw(result.stderr)): \(result.stderr)")
        #expect(result.stderr.contains(#"not ftp://\u{1B}]0;t\u{7}\u{202E}"#), "\(result.stderr)")
    }
}
