import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// What people act on, through the real binary: the terminal summary, refused input lines, the baseline diff,
/// `match --urls` and `--expect`, streams given to `check`, and usage errors written as sentences.
@Suite struct OutputsTests {
    static let server = FixtureServer.shared

    func audit(_ arguments: [String], out: URL) async throws -> RunResult {
        try await Binary.run(
            ["audit"] + arguments + Self.server.auditArguments + [
                "--timeout", FixtureServer.roomyTimeout, "--out", out.path,
            ],
            environment: ["NO_COLOR": "1"])
    }

    // MARK: Terminal

    @Test func warningsShowTheirMessageUnderTheirDomainWorstFirst() async throws {
        let out = try tempDirectory()
        let result = try await audit(["good.aasa.test", "cdnstale.aasa.test", "expired.aasa.test"], out: out)
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let order = ["fail  expired", "warn  cdnstale", "pass  good"].map { word in
            lines.firstIndex { $0.hasPrefix("  " + word) } ?? -1
        }
        #expect(order.allSatisfy { $0 >= 0 } && order == order.sorted(), "\(result.stdout)")
        let (report, _) = try readReport(out)
        let cdn = try #require(report.domains.first { $0.domain == "cdnstale.aasa.test" }?.findings.first)
        #expect(result.stdout.contains("        warning[cdn-mismatch] \(cdn.message)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("        error[tls-expired] The certificate expired "))
        #expect(!result.stdout.contains("()"), "no empty parentheses")
        #expect(!result.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test func verboseAddsFixesAndQuietPrintsNothing() async throws {
        let verbose = try await audit(["cdnstale.aasa.test", "--verbose"], out: try tempDirectory())
        #expect(verbose.status == 0)
        #expect(verbose.stdout.contains("          fix: "), "\(verbose.stdout)")
        #expect(verbose.stdout.contains("          at: https://"), "\(verbose.stdout)")
        let quiet = try await audit(["cdnstale.aasa.test", "--quiet"], out: try tempDirectory())
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
        let both = try await Binary.run(["audit", "x.test", "--quiet", "--verbose"])
        #expect(both.status == 2 && both.stderr.contains("--quiet"), "\(both.stderr)")
    }

    /// Colour only on a terminal (a pseudo-terminal from util-linux's `script`), and never with NO_COLOR.
    @Test func colourOnATerminalUnlessNoColour() async throws {
        let file = try Binary.write(brokenFile)
        func run(_ environment: String) async throws -> String {
            try await Binary.run(
                [file.path],
                through: ["/bin/sh", "-c", "exec env \(environment) script -qec \"$0 check $1\" /dev/null"]
            ).stdout
        }
        let coloured = try await run("-u NO_COLOR")
        #expect(coloured.contains("\u{1B}[1;31merror\u{1B}[0m"), "\(coloured)")
        let plain = try await run("NO_COLOR=1")
        #expect(plain.contains("error[app-id-format]") && !plain.contains("\u{1B}["), "\(plain)")
    }

    @Test func internationalisedDomainsShowUnicodeWithPunycodeBeside() async throws {
        let result = try await audit(["bücher.aasa.test"], out: try tempDirectory())
        #expect(result.stdout.contains("bücher.aasa.test (xn--bcher-kva.aasa.test)"), "\(result.stdout)")
    }

    @Test func theBaselineDiffNamesFindingsAndFilesPerDomain() async throws {
        let first = try tempDirectory()
        _ = try await audit(["cdnstale.aasa.test", "--format", "json"], out: first)
        // Last night: cdnstale had an http-status error instead of its cdn-mismatch, and another file.
        let path = first.appendingPathComponent("report.json")
        var text = try String(contentsOf: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"cdn-mismatch\"", with: "\"http-status\"")
        let (report, _) = try readReport(first)
        let sha = try #require(
            report.domains.first { $0.domain == "cdnstale.aasa.test" }?.fetches.first { $0.location == .wellKnown }?
                .sha256)
        text = text.replacingOccurrences(of: sha, with: String(repeating: "0", count: 64))
        try Data(text.utf8).write(to: path)
        let second = try tempDirectory()
        let result = try await audit(
            ["cdnstale.aasa.test", "good.aasa.test", "--baseline", path.path, "--format", "json,html,markdown"],
            out: second)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                "  cdnstale.aasa.test: new cdn-mismatch; resolved http-status; file changed: sha256 000000000000 → \(sha.prefix(12))"
            ), "\(result.stdout)")
        #expect(result.stdout.contains("  domains added: good.aasa.test\n"), "\(result.stdout)")
        let markdown = try String(contentsOf: second.appendingPathComponent("summary.md"), encoding: .utf8)
        #expect(
            markdown.contains("| cdnstale.aasa.test | `cdn-mismatch` | `http-status` | file changed: "), "\(markdown)")
        let html = try String(contentsOf: second.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(
            html.contains(
                "<tr><td>cdnstale.aasa.test</td><td><code>cdn-mismatch</code></td><td><code>http-status</code></td>"))
    }

    // MARK: Inputs

    @Test func aJunkLineInADomainListIsNamedAndTheRestAudited() async throws {
        let list = try Binary.write(
            "# nightly\ngood.aasa.test\nexample.com:8443\n\ncdnstale.aasa.test\nshop.example.com/path\n", name: "d.txt")
        let out = try tempDirectory()
        let result = try await audit(["--domains", list.path], out: out)
        #expect(result.status == 2, "a CI job notices: \(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("\(list.path):3: \"example.com:8443\": ports are not supported"))
        #expect(result.stderr.contains("\(list.path):6: \"shop.example.com/path\": a domain has no path"))
        #expect(!result.stderr.contains("--help"), "not a usage error: the run went on")
        let (report, object) = try readReport(out)
        #expect(report.domains.map(\.domain).sorted() == ["cdnstale.aasa.test", "good.aasa.test"])
        #expect(report.notAudited.isEmpty)
        let errors = try #require(object["inputErrors"] as? [[String: String]])
        #expect(errors.map { $0["source"] } == ["\(list.path):3", "\(list.path):6"])
        #expect(errors.first?["input"] == "example.com:8443")
        #expect(errors.first?["reason"]?.hasPrefix("ports are not supported") == true)
        #expect(result.stdout.contains("refused: 2 input line(s)"))
        var validator = SchemaValidator()
        validator.validate(object, SchemaTests.schema)
        #expect(validator.errors.isEmpty, "inputErrors is in the schema: \(validator.errors.prefix(5))")
        // Only good lines: no inputErrors member at all.
        let clean = try tempDirectory()
        _ = try await audit(["good.aasa.test"], out: clean)
        #expect(try readReport(clean).1["inputErrors"] == nil)
    }

    @Test(
        .disabled(
            if: ProcessInfo.processInfo.environment["AASA_SANITIZER"] == "thread",
            "ThreadSanitizer's runtime dies of SIGBUS under a file-size limit before aasa-audit starts"))
    func aReportNotWrittenOutranksARefusedLine() async throws {
        let list = try Binary.write("good.aasa.test\nexample.com:8443\n", name: "d.txt")
        let dir = try tempDirectory()
        let result = try await Binary.run(
            ["audit", "--domains", list.path, "--out", dir.path, "--format", "json"] + Self.server.auditArguments,
            through: ["/bin/sh", "-c", #"ulimit -f 2 && exec "$0" "$@""#])
        #expect(result.status == 3, "\(result.stderr)")
        #expect(result.stderr.contains("\(list.path):2: \"example.com:8443\""))
    }

    @Test func matchReadsURLListsAndChecksAnExpectation() async throws {
        let file = try Binary.write(cleanFile)
        let list = try Binary.write(
            "# launch URLs\nhttps://acme.test/shop/1\nhttps://acme.test/shop/admin/x#top\n/help/a\n", name: "urls.txt")
        let opens = try await Binary.run(["match", "--file", file.path, "--urls", list.path, "--expect", "opens-app"])
        #expect(opens.status == 1, "\(opens.stdout)")
        #expect(opens.stdout.contains("https://acme.test/shop/admin/x#top\n"), "the fragment is part of the URL")
        #expect(
            opens.stderr
                == "aasa-audit match: 2 of 3 URL(s) open no app (--expect opens-app):\n  https://acme.test/shop/admin/x#top\n  /help/a\n"
        )
        let csv = "title,URL\nShop,https://acme.test/shop/1\n\"Admin, staff\",https://acme.test/shop/2\n"
        let fromStdin = try await Binary.run(
            [
                "match", "--file", file.path, "--urls", "-", "--expect", "opens-app", "--app-id",
                "9JA89QQLNQ.com.acme.shop",
                "--json",
            ], stdin: Data(csv.utf8))
        #expect(fromStdin.status == 0, "\(fromStdin.stderr)")
        let array = try #require(
            try JSONSerialization.jsonObject(with: Data(fromStdin.stdout.utf8)) as? [[String: Any]])
        #expect(array.map { $0["url"] as? String } == ["https://acme.test/shop/1", "https://acme.test/shop/2"])
        let none = try await Binary.run(
            ["match", "--file", file.path, "--expect", "no-app", "/shop/admin/1", "/about"])
        #expect(none.status == 0, "\(none.stderr)")
        let some = try await Binary.run(["match", "--file", file.path, "--expect", "no-app", "/about", "/shop/1"])
        #expect(some.status == 1)
        #expect(some.stderr.contains("1 of 2 URL(s) open an app (--expect no-app):\n  /shop/1"))
        let other = try await Binary.run(
            ["match", "--file", file.path, "--expect", "opens-app", "--app-id", "ABCDE12345.other", "/shop/1"])
        #expect(other.status == 1, "opens an app, but not one of those named")
    }

    @Test func anUnusableURLListIsExitTwoWithTheReason() async throws {
        let file = try Binary.write(cleanFile)
        let csv = try Binary.write("title,link\nx,https://acme.test/\n", name: "urls.csv")
        for (list, reason) in [
            ("/dev/zero", "/dev/zero is larger than 64 MiB: not read"),
            (csv.path, "\(csv.path) looks like a CSV but has no \"url\" column"),
            (
                file.deletingLastPathComponent().path,
                "\(file.deletingLastPathComponent().path) is a folder: give a file"
            ),
            ("/nonexistent/urls.txt", "no such file: /nonexistent/urls.txt"),
        ] {
            let result = try await Binary.run(["match", "--file", file.path, "--urls", list, "--expect", "opens-app"])
            #expect(result.status == 2, "\(list)")
            #expect(result.stderr.hasPrefix("aasa-audit match: \(reason)\n"), "\(result.stderr)")
        }
        let empty = try Binary.write("# nothing yet\n", name: "urls.txt")
        let nothing = try await Binary.run(["match", "--file", file.path, "--urls", empty.path])
        #expect(nothing.status == 2 && nothing.stderr.contains("no URL in \(empty.path)"))
    }

    @Test func checkReadsPipesAndProcessSubstitution() async throws {
        let file = try Binary.write(brokenFile)
        let substituted = try await Binary.run(
            [file.path], through: ["/bin/bash", "-c", "exec \"$0\" check <(cat \"$1\")"])
        #expect(substituted.status == 1, "\(substituted.stderr)")
        #expect(substituted.stdout.contains("error[app-id-format] /dev/fd/"), "\(substituted.stdout)")
        let stdin = try await Binary.run(["check", "/dev/stdin"], stdin: Data(brokenFile.utf8))
        #expect(stdin.status == 1 && stdin.stdout.contains("error[app-id-format] /dev/stdin:"), "\(stdin.stderr)")
    }

    // MARK: Errors

    /// Every error a user can cause is a sentence: one line (and the pointer at --help for usage errors), no Swift
    /// type name, no error dump.
    @Test(arguments: [
        (["audit", "x.test", "--baseline", "/etc/passwd"], "--baseline /etc/passwd is not an aasa-audit report.json"),
        (["audit", "x.test", "--out", "/etc/passwd"], "--out /etc/passwd is a file: give a folder"),
        (["audit", "x.test", "--ca-cert", "/tmp"], "--ca-cert /tmp is a folder: give a PEM file"),
        (["audit", "--domains", "/tmp"], "/tmp is a folder: give a file"),
        (["check", "/tmp"], "/tmp is a folder: give a file"),
        (["check", "/nonexistent/aasa.json"], "no such file: /nonexistent/aasa.json"),
        (["match", "--file", "/tmp", "/x"], "/tmp is a folder: give a file"),
        (["match", "--file", "/etc/hostname"], "no URL given"),
        (["audit", "x.test", "--concurrancy", "3"], "unknown option --concurrancy (did you mean --concurrency?)"),
        (["check", "f", "--formt", "json"], "unknown option --formt (did you mean --format?)"),
        (["match", "--fil", "f", "/x"], "unknown option --fil (did you mean --file?)"),
        (["match", "--file", "f", "--expct", "no-app", "/x"], "unknown option --expct (did you mean --expect?)"),
        (["rules", "--markdwn"], "unknown option --markdwn (did you mean --markdown?)"),
        (["help", "--mann"], "unknown option --mann (did you mean --man?)"),
        (["completions", "--bash"], "unknown option --bash (did you mean 'completions bash'?)"),
        (["match", "--file", "f", "--expect", "opens", "/x"], "--expect"),
    ])
    func usageErrorsAreOneSentence(_ arguments: [String], _ message: String) async throws {
        let result = try await Binary.run(arguments)
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2, "\(result.stderr)")
        #expect(lines.first?.hasPrefix("aasa-audit \(arguments[0]): ") == true)
        #expect(lines.first?.contains(message) == true, "\(result.stderr)")
        #expect(lines.last == "Run 'aasa-audit \(arguments[0]) --help' for its options.")
        for leak in ["Error(", "Error:", "NSCocoa", "Foundation.", "Optional(", "Swift."] {
            #expect(!result.stderr.contains(leak), "\(result.stderr)")
        }
    }

    @Test func matchExplanationsQuoteTheRuleAsWritten() async throws {
        let file = try Binary.write(
            #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.a.b"], "components": [{"/": "/promo/spring"}]}]}}"#)
        let result = try await Binary.run(["match", "--file", file.path, "/promo/summer"])
        #expect(result.stdout.contains("path differs from /promo/spring\n"), "\(result.stdout)")
        #expect(!result.stdout.contains("/promo/spring/"))
    }
}
