import AASA
import Foundation
import TestSupport
import Testing

/// What the repository documents is what the binary says: docs/checks.md and the severities `rules` explains.
@Suite struct DocsTests {
    @Test func checksPageIsCurrent() async throws {
        let result = try await Binary.run(["rules", "--docs"])
        #expect(result.status == 0)
        let page = try String(contentsOf: Binary.root.appendingPathComponent("docs/checks.md"), encoding: .utf8)
        #expect(result.stdout == page, "regenerate it with: aasa-audit rules --docs > docs/checks.md")
    }

    /// Every check is on the page with its severity, reasons, Apple link and both kinds of example, and each
    /// failing example shows the findings it gave.
    @Test func checksPageDescribesEveryCheck() async throws {
        let page = try await Binary.run(["rules", "--docs"]).stdout
        let sections = page.components(separatedBy: "\n### `").dropFirst()
        #expect(sections.count == Catalogue.descriptions.count)
        let headings = page.split(separator: "\n").filter { $0.hasPrefix("## ") }
        #expect(headings.count == Set(headings).count, "one heading per area")
        for d in Catalogue.descriptions {
            let section = try #require(sections.first { $0.hasPrefix("\(d.id)`") }, "\(d.id)")
            #expect(section.contains("**Severity:** \(d.severity.rawValue)"), "\(d.id)")
            for change in d.severityChanges { #expect(section.contains(change.text), "\(d.id)") }
            #expect(section.contains("<\(d.reference)>"), "\(d.id)")
            #expect(section.contains("Passing example") && section.contains("Failing example"), "\(d.id)")
            #expect(section.contains("gives:\n\n- "), "\(d.id): a failing example shows its findings")
        }
        #expect(page.contains(#"- error at `/applinks/details/0/appIDs/0`: The applinks app ID "com.acme.shop""#))
        #expect(page.utf8.count < 200_000, "big example files are cut, not copied whole")
    }

    /// `rules` says when a check's findings are harsher or milder than its default, in every format.
    @Test func rulesExplainsSeverityChanges() async throws {
        let text = try await Binary.run(["rules"]).stdout
        let lines = text.split(separator: "\n")
        let index = try #require(lines.firstIndex { $0.hasPrefix("user-agent-blocked ") })
        #expect(lines[index].contains(" warning "))
        #expect(lines[index + 1].contains("or error when Apple's agent, AASA-Bot, is refused"))

        let json = try await Binary.run(["rules", "--json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let entry = try #require(array.first { $0["id"] as? String == "variable-definition" })
        #expect(entry["severity"] as? String == "error")
        let changes = try #require(entry["severityChanges"] as? [[String: Any]])
        #expect(changes.count == 1 && changes[0]["severity"] as? String == "warning")
        #expect((changes[0]["when"] as? String)?.contains("hides a built-in") == true)
        #expect(array.allSatisfy { $0["severityChanges"] is [Any] })

        let markdown = try await Binary.run(["rules", "--markdown"]).stdout
        #expect(markdown.contains("| `content-type` | transport | warning; error when the file is served as text/html"))
    }

    /// The README and docs/ stand alone: every relative link names a file of this repository, and none leaves it.
    @Test func documentationLinksStayInTheRepository() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Binary.root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }
        #expect(docs.contains("docs/checks.md") && docs.contains("docs/contract.md"))
        var links = 0
        for file in ["README.md"] + docs {
            let base = Binary.root.appendingPathComponent(file).deletingLastPathComponent()
            let text = try String(contentsOf: Binary.root.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /\]\(([^)\s]+)\)/) {
                let target = String(match.1)
                if target.hasPrefix("https://") || target.hasPrefix("#") { continue }
                links += 1
                let resolved = base.appendingPathComponent(target).standardizedFileURL.path
                #expect(
                    resolved.hasPrefix(Binary.root.standardizedFileURL.path + "/"), "\(file) leaves the repo: \(target)"
                )
                #expect(FileManager.default.fileExists(atPath: resolved), "\(file) links a missing \(target)")
            }
            #expect(text.firstMatch(of: /[^h]notes\/|\.\.\/shared/) == nil, "\(file) points outside the repository")
        }
        #expect(links >= 4)
    }

    /// The man page has ENVIRONMENT, FILES and EXAMPLES, made from the declarations, and `man -l` shows them.
    @Test func theManPageHasEnvironmentFilesAndExamples() async throws {
        let man = try await Binary.run(["help", "--man"]).stdout
        let sections = man.split(separator: "\n").filter { $0.hasPrefix(".SH ") }.map { String($0.dropFirst(4)) }
        #expect(
            sections == [
                "NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES",
                "SEE ALSO",
            ])
        #expect(man.contains(".SH ENVIRONMENT\n.TP\n\\fBNO_COLOR\\fR\n"))
        #expect(man.contains("\\fBReports/latest\\fR") && man.contains("\\fBrun.json, domains.jsonl\\fR"))
        #expect(man.contains(".nf\naasa-audit check apple-app-site-association\n.fi"), "a hyphen in a word stays one")
        #expect(man.allSatisfy { $0.isASCII }, "groff input is ASCII")
    }

    /// `man -l` renders the man page with groff's warnings on and prints none (Scripts/test installs man-db).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/man"), "man-db is not installed"))
    func theManPageRendersWithManWithoutWarnings() async throws {
        let page = try Binary.write(try await Binary.run(["help", "--man"]).stdout, name: "aasa-audit.1")
        let man = try await Release.run(
            "/usr/bin/man", ["--warnings=w", "-l", page.path], environment: ["MANPAGER": "cat", "MANWIDTH": "80"])
        #expect(man.status == 0 && man.stderr.isEmpty, "\(man.stderr)")
        #expect(man.stdout.contains("aasa-audit completions"))
        for heading in ["ENVIRONMENT", "FILES", "EXAMPLES"] { #expect(man.stdout.contains("\n\(heading)\n")) }
        #expect(man.stdout.contains("       aasa-audit check apple-app-site-association\n"), "copyable as shown")
    }

    /// A plain `swift build` records no commit: it says it is a development build, of which configuration, and
    /// what names the commit, never "commit unknown"; Scripts/package's builds name it (ReleaseTests).
    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["AASA_AUDIT_BINARY"] == nil,
            "AASA_AUDIT_BINARY is set: the binary under test is not this plain build"))
    func aPlainBuildSaysItIsADevelopmentBuild() async throws {
        let result = try await Binary.run(["--version"])
        #expect(result.status == 0)
        let first = result.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            first == "aasa-audit 0.1.0 (development build, debug: swift build records no commit, Scripts/package does)"
                || first
                    == "aasa-audit 0.1.0 (development build, release: swift build records no commit, Scripts/package does)",
            "\(first)")
        #expect(!result.stdout.contains("unknown"))
    }
}
