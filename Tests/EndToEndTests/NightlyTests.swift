import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// What a nightly job relies on, through the real binary: one run told the same way by its exit status and every
/// format (refused input lines included), `--fail-on none` with `--fail-on-change`, baselines made with other
/// options, `--out DIR` used twice, and the messages a mistyped option or baseline gets.
@Suite struct NightlyTests {
    static let server = FixtureServer.shared

    /// `cdn: false` leaves out the fixture's stand-in for Apple's CDN (for `--no-cdn`).
    func audit(_ arguments: [String], cdn: Bool = true) async throws -> RunResult {
        try await Binary.run(
            ["audit"] + arguments + (cdn ? Self.server.auditArguments : Self.server.arguments) + [
                "--timeout", FixtureServer.roomyTimeout,
            ],
            environment: ["NO_COLOR": "1"])
    }

    func read(_ out: URL, _ name: String) throws -> String {
        try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
    }

    /// Issue #25's wrong answer 5: summary.md said "all pass" while the run exited 2 for a refused line, and
    /// report.html and report.junit.xml left the line out; the headings counted the entitlements row as a domain.
    @Test func aRefusedLineAndFindingsAreToldAlikeByTheExitStatusAndEveryFormat() async throws {
        let out = try tempDirectory()
        let list = out.appendingPathComponent("domains.txt")
        try Data("expiring.aasa.test\nnot_a_domain!\nnotfound.aasa.test\n".utf8).write(to: list)
        let entitlements = Binary.root.appendingPathComponent("Tests/Fixtures/entitlements/App.entitlements")
        let run = out.appendingPathComponent("run")
        let result = try await audit([
            "--domains", list.path, "--entitlements", entitlements.path, "--out", run.path, "--format",
            "json,html,csv,junit,markdown", "--fail-on", "warning",
        ])
        let (report, _) = try readReport(run)
        let refused = try #require(report.inputErrors?.first)
        #expect(report.inputErrors?.count == 1 && refused.input == "not_a_domain!")
        let failing = report.summary.errors + report.summary.warnings
        #expect(failing > 0, "the run has findings at or above warning")

        // The exit status: the refused line wins, and the summary names the findings it would otherwise hide.
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                "exit 2: 1 refused input line(s); also \(failing) finding(s) at or above warning (--fail-on), exit 1"),
            "\(result.stdout)")

        // One headline: failing domains as report.json's summary counts them, the entitlements file apart.
        let entitlementsFail = report.entitlements.map { DomainReport.verdict($0.findings) == .fail } ?? false
        var parts: [String] = []
        if report.summary.failed > 0 {
            parts.append("\(report.summary.failed) failing domain\(report.summary.failed == 1 ? "" : "s")")
        }
        if entitlementsFail { parts.append("entitlements failing") }
        parts.append("1 refused input line")
        let headline = parts.joined(separator: ", ")

        let markdown = try read(run, "summary.md")
        #expect(markdown.hasPrefix("### Universal Links audit: \(headline)\n"), "\(markdown)")
        #expect(markdown.contains("not\\_a\\_domain!") || markdown.contains("not_a_domain!"), "\(markdown)")
        #expect(markdown.contains("1 input line(s) could not be audited"), "\(markdown)")
        let html = try read(run, "report.html")
        #expect(html.contains("<h1>Universal Links audit: \(headline)</h1>"), "\(html.prefix(2000))")
        #expect(html.contains("<h2>Refused input lines</h2>") && html.contains("not_a_domain!"))
        #expect(html.contains("<code>\(list.path):2</code>"), "the line's file and number")
        let junit = try read(run, "report.junit.xml")
        #expect(
            junit.contains(#"<testsuite name="refused input lines" tests="1" failures="1">"#), "\(junit.suffix(800))")
        #expect(junit.contains(#"<testcase classname="refused input lines" name="\#(list.path):2">"#))
        #expect(junit.contains(#"<failure type="refused" message="not_a_domain!: "#))

        // summary.md lists each failing domain's finding messages, errors before warnings.
        let notfound = try #require(report.domains.first { $0.domain == "notfound.aasa.test" })
        let first = try #require(notfound.findings.worstFirst().first)
        #expect(first.severity == .error)
        #expect(markdown.contains("- error `\(first.id)`: "), "\(markdown)")
        let section = try #require(markdown.range(of: "**notfound.aasa.test**"))
        let listed = markdown[section.upperBound...].split(separator: "\n").dropFirst().prefix { $0.hasPrefix("- ") }
        let severities = listed.map { $0.split(separator: " ")[1] }
        #expect(severities == severities.sorted { rank($0) < rank($1) }, "worst first: \(listed)")
        // The same domain order as the terminal and the HTML: failing before warning.
        let expiring = try #require(markdown.range(of: "| expiring.aasa.test |"))
        let notfoundRow = try #require(markdown.range(of: "| notfound.aasa.test |"))
        #expect(notfoundRow.lowerBound < expiring.lowerBound, "worst first, not input order")
    }

    func rank(_ severity: Substring) -> Int { severity == "error" ? 0 : severity == "warning" ? 1 : 2 }

    /// `--fail-on none`: findings never fail the run; with `--fail-on-change` only a change does. `--out DIR` used
    /// again compares with the run DIR held, kept in DIR/previous/.
    @Test func failOnNoneWithFailOnChangeAlertsOnChangeOnlyAndOutTwiceComparesWithThePreviousRun() async throws {
        let out = try tempDirectory().appendingPathComponent("nightly")
        let nightly = ["--out", out.path, "--format", "json,markdown", "--fail-on", "none", "--fail-on-change"]
        let first = try await audit(["notfound.aasa.test"] + nightly)
        #expect(first.status == 0, "an error finding fails nothing with --fail-on none: \(first.stdout)\(first.stderr)")
        #expect(!first.stdout.contains("changes since"), "no earlier run in \(out.path)")

        let same = try await audit(["notfound.aasa.test"] + nightly)
        #expect(same.status == 0, "nothing changed: \(same.stdout)\(same.stderr)")
        let (again, _) = try readReport(out)
        let changes = try #require(again.changes, "compared with the run the folder held")
        #expect(changes.isEmpty, "\(changes.headline)")
        #expect(changes.baseline.hasSuffix("previous/report.json"), "\(changes.baseline)")

        let added = try await audit(["notfound.aasa.test", "good.aasa.test"] + nightly)
        #expect(added.status == 1, "a change alone fails: \(added.stdout)\(added.stderr)")
        #expect(added.stdout.contains("exit 1: changes since the baseline (--fail-on-change)"), "\(added.stdout)")
        let (third, _) = try readReport(out)
        #expect(third.changes?.domainsAdded == ["good.aasa.test"])
    }

    /// `--out DIR` used twice: the second run compares with the first, as runs under Reports/ do.
    @Test func outUsedTwiceComparesWithTheRunItHeld() async throws {
        let out = try tempDirectory().appendingPathComponent("nightly")
        _ = try await audit(["good.aasa.test", "--out", out.path, "--format", "json"])
        let second = try await audit(["good.aasa.test", "expiring.aasa.test", "--out", out.path, "--format", "json"])
        #expect(second.stdout.contains("changes since \(out.path)/previous/report.json"), "\(second.stdout)")
        let (report, _) = try readReport(out)
        #expect(report.changes?.domainsAdded == ["expiring.aasa.test"])
        let previous = try AuditReport.decode(
            Data(contentsOf: out.appendingPathComponent("previous").appendingPathComponent("report.json")))
        #expect(previous.domains.map(\.domain) == ["good.aasa.test"], "the first run kept in previous/")
    }

    /// Turning the CDN off is no fix: cdn-failure is not reported resolved, it is left out with a note.
    @Test func aBaselineMadeWithOtherOptionsIsComparedWithANotePerAffectedCheck() async throws {
        let folder = try tempDirectory()
        let baseline = folder.appendingPathComponent("with-cdn")
        let before = try await audit(["cdnfail.aasa.test", "--out", baseline.path, "--format", "json"])
        let (then, _) = try readReport(baseline)
        #expect(then.domains.first?.findings.contains { $0.id == "cdn-failure" } == true, "\(before.stdout)")

        let now = folder.appendingPathComponent("no-cdn")
        let result = try await audit(
            [
                "cdnfail.aasa.test", "--no-cdn", "--baseline", baseline.appendingPathComponent("report.json").path,
                "--fail-on-change", "--out", now.path,
                "--format", "json,html,markdown",
            ], cdn: false)
        let (report, object) = try readReport(now)
        let changes = try #require(report.changes)
        #expect(!changes.resolvedFindings.contains { $0.id == "cdn-failure" }, "\(changes.headline)")
        let note = "cdn-failure not compared: this run used --no-cdn, the baseline did not"
        let notCompared = (object["changes"] as? [String: Any])?["notCompared"] as? [[String: Any]]
        #expect(notCompared?.compactMap { $0["note"] as? String } == [note], "\(String(describing: notCompared))")
        #expect(notCompared?.first?["findings"] as? Int == 1, "the one cdn-failure set aside")
        #expect(result.status == 0, "turning the CDN off changed nothing: \(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("  \(note)"), "\(result.stdout)")
        #expect(try read(now, "summary.md").contains(note))
        #expect(try read(now, "report.html").contains(note))
        #expect(object["options"] as? [String: String] != nil, "every report records its options")
        var validator = SchemaValidator()
        validator.validate(object, try RefusedLinesCommandTests.schema("report.schema.json"))
        #expect(validator.errors.isEmpty, "\(validator.errors.prefix(5))")
    }

    /// A run folder is taken for the report.json it holds.
    @Test func aBaselineFolderIsReadForItsReport() async throws {
        let folder = try tempDirectory()
        let first = folder.appendingPathComponent("first")
        _ = try await audit(["good.aasa.test", "--out", first.path, "--format", "json"])
        let second = folder.appendingPathComponent("second")
        let result = try await audit([
            "good.aasa.test", "--baseline", first.path, "--out", second.path, "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let (report, _) = try readReport(second)
        #expect(report.changes?.baseline == first.appendingPathComponent("report.json").path)
    }

    /// links.json as a baseline is named for what it is, not for a field an audit report has.
    @Test func aLinksReportAsABaselineIsNamed() async throws {
        let folder = try tempDirectory()
        let links = folder.appendingPathComponent("links")
        let linked = try await Binary.run(
            ["links", "https://good.aasa.test/x", "--out", links.path] + Self.server.arguments + [
                "--timeout", FixtureServer.roomyTimeout,
            ])
        #expect(FileManager.default.fileExists(atPath: links.appendingPathComponent("links.json").path), "\(linked)")
        let refused = try await audit([
            "good.aasa.test", "--baseline", links.appendingPathComponent("links.json").path, "--out",
            folder.appendingPathComponent("third").path,
        ])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("it is a links report (links.json), not an audit report"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("notAudited"), "\(refused.stderr)")
    }

    /// Did-you-mean for a mistyped value, as for a mistyped option.
    @Test func aMistypedValueGetsADidYouMean() async throws {
        let format = try await Binary.run(["audit", "good.aasa.test", "--format", "json,htm"])
        #expect(format.status == 2)
        #expect(format.stderr.contains("not json,htm (did you mean json,html?)"), "\(format.stderr)")
        let failOn = try await Binary.run(["audit", "good.aasa.test", "--fail-on=warnings"])
        #expect(failOn.status == 2)
        #expect(failOn.stderr.contains("not warnings (did you mean warning?)"), "\(failOn.stderr)")
    }

    /// `--resume` names the option that differs, not every recorded option as if all had to be given again.
    @Test func theResumeRefusalNamesOnlyTheOptionThatDiffers() async throws {
        let out = try tempDirectory().appendingPathComponent("run")
        _ = try await audit(["good.aasa.test", "--out", out.path, "--format", "json"])
        let result = try await Binary.run(["audit", "--resume", out.path, "--timeout", "9"])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains("--timeout 9 now, --timeout \(FixtureServer.roomyTimeout) then"), "\(result.stderr)")
        #expect(!result.stderr.contains("given then, not now"), "\(result.stderr)")
        #expect(result.stderr.contains("leave out what differs"), "\(result.stderr)")
    }
}
