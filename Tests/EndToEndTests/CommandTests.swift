import AASA
import Foundation
import TestSupport
import Testing

let cleanFile = """
    {
      "applinks": {
        "details": [
          {
            "appIDs": ["9JA89QQLNQ.com.acme.shop"],
            "components": [
              { "/": "/shop/admin/*", "exclude": true },
              { "/": "/shop/*" },
              { "/": "/help/*", "?": { "article": "????" } }
            ]
          }
        ]
      },
      "webcredentials": { "apps": ["9JA89QQLNQ.com.acme.shop"] }
    }
    """

let brokenFile = """
    {
      "applinks": {
        "details": [
          {
            "appIDs": ["com.acme.shop"],
            "components": [
              { "/": "/shop/*" },
              { "/": "/shop/admin/*", "exclued": true }
            ]
          }
        ]
      }
    }
    """

@Suite struct CheckCommandTests {
    @Test func aCleanFilePassesWithExitZero() async throws {
        let result = try await Binary.run(["check", try Binary.write(cleanFile).path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("0 errors, 0 warnings, 0 infos"))
        #expect(result.stdout.contains("9JA89QQLNQ.com.acme.shop (applinks, webcredentials)"))
    }

    @Test func findingsShowTheOffendingLineAndExitOne() async throws {
        let result = try await Binary.run(["check", try Binary.write(brokenFile).path], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("error[app-id-format]"))
        #expect(result.stdout.contains(":5:20  /applinks/details/0/appIDs/0"))
        #expect(result.stdout.contains(#"    5 |         "appIDs": ["com.acme.shop"],"#))
        #expect(result.stdout.contains("        |                    ^"))
        #expect(result.stdout.contains(#"did you mean "exclude"?"#))
        #expect(
            result.stdout.contains("warning[unreachable-rule]"),
            "the misspelled exclude is no exclusion, so only redundant")
        #expect(!result.stdout.contains("\u{1B}["), "no colour when stdout is not a terminal")
    }

    @Test func failOnWarningTurnsWarningsIntoExitOne() async throws {
        let file = try Binary.write(
            #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "paths": ["/a"], "components": [{"/": "/a"}]}]}}"#
        )
        #expect(try await Binary.run(["check", file.path]).status == 0)
        #expect(try await Binary.run(["check", file.path, "--fail-on", "warning"]).status == 1)
    }

    @Test func jsonOutputHasTheDesignShape() async throws {
        let result = try await Binary.run(["check", try Binary.write(brokenFile).path, "--json"])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["signed"] as? Bool == false)
        #expect((object["file"] as? String)?.hasSuffix("apple-app-site-association") == true)
        let apps = try #require(object["apps"] as? [[String: Any]])
        #expect(apps.first?["appID"] as? String == "com.acme.shop")
        let findings = try #require(object["findings"] as? [[String: Any]])
        let first = try #require(findings.first)
        for key in ["id", "severity", "message", "location", "hint", "why"] {
            #expect(first[key] != nil, "missing \(key)")
        }
        let location = try #require(first["location"] as? [String: Any])
        #expect(location["pointer"] as? String == "/applinks/details/0/appIDs/0")
        #expect(location["line"] as? Int == 5 && location["column"] as? Int == 20)
    }

    @Test func syntaxErrorsNameLineAndColumn() async throws {
        let result = try await Binary.run(["check", try Binary.write("{\n  \"applinks\": {},\n}").path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("error[json-syntax]"))
        #expect(result.stdout.contains(":2:17"))
        #expect(result.stdout.contains("Trailing comma"))
    }

    @Test func readsStandardInput() async throws {
        let result = try await Binary.run(["check", "-"], stdin: Data(cleanFile.utf8))
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("-: 0 errors"))
    }

    @Test func aMissingFileIsAUsageError() async throws {
        let result = try await Binary.run(["check", "/nonexistent/aasa.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("no such file: /nonexistent/aasa.json"))
    }
}

@Suite struct MatchCommandTests {
    @Test func explainsTheVerdictRuleByRule() async throws {
        let file = try Binary.write(cleanFile)
        let result = try await Binary.run(
            [
                "match", "--file", file.path, "https://acme.test/shop/admin/users", "https://acme.test/shop/42",
                "https://acme.test/about",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        let blocks = result.stdout.components(separatedBy: "https://acme.test/").dropFirst()
        #expect(blocks.count == 3)
        let lines = Array(blocks)
        #expect(lines[0].contains("excluded (stays on the web)"))
        #expect(
            lines[0].contains(#"components[0] {"/": "/shop/admin/*", "exclude": true}  (line 7): matched (exclude)"#))
        #expect(lines[1].contains("opens the app"))
        #expect(
            lines[1].contains("components[0] {\"/\": \"/shop/admin/*\", \"exclude\": true}  (line 7): path differs"))
        #expect(lines[1].contains("components[1] {\"/\": \"/shop/*\"}  (line 8): matched"))
        #expect(lines[2].contains("no match (stays on the web)"))
    }

    @Test func jsonVerdictsHaveTheDesignShape() async throws {
        let file = try Binary.write(cleanFile)
        let result = try await Binary.run([
            "match", "--file", file.path, "--json", "https://acme.test/help/x?article=1234",
        ])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == 1)
        #expect(array[0]["url"] as? String == "https://acme.test/help/x?article=1234")
        #expect(array[0]["opensApp"] as? String == "9JA89QQLNQ.com.acme.shop")
        let verdict = try #require((array[0]["verdicts"] as? [[String: Any]])?.first)
        #expect(verdict["result"] as? String == "match")
        let rule = try #require(verdict["rule"] as? [String: Any])
        #expect(rule["ruleIndex"] as? Int == 2 && rule["detailsIndex"] as? Int == 0)
        #expect(rule["pointer"] as? String == "/applinks/details/0/components/2")
    }

    @Test func appIDNarrowsTheVerdicts() async throws {
        let file = try Binary.write(cleanFile)
        let result = try await Binary.run([
            "match", "--file", file.path, "--app-id", "9JA89QQLNQ.com.acme.other", "--json", "/shop/1",
        ])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let verdict = try #require((array[0]["verdicts"] as? [[String: Any]])?.first)
        #expect(verdict["appID"] as? String == "9JA89QQLNQ.com.acme.other")
        #expect(verdict["result"] as? String == "no_match")
        #expect(array[0]["opensApp"] is NSNull)
    }

    @Test func aBrokenFileCannotBeMatched() async throws {
        let file = try Binary.write("{\"applinks\": ")
        let result = try await Binary.run(["match", "--file", file.path, "/x"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("json-syntax"))
    }
}

@Suite struct UsageTests {
    @Test(arguments: [
        ["check"], ["check", "a", "b"], ["check", "x", "--bogus"], ["match", "/x"], ["match", "--file"],
        ["frobnicate"], [], ["check", "x", "--fail-on", "fatal"], ["rules", "extra"],
        ["audit", "e.test", "--crawl", "--crawl-concurrency", "0"],
        ["audit", "e.test", "--crawl", "--crawl-concurrency", "65"],
        ["audit", "e.test", "--crawl", "--crawl-concurrency", "many"],
        ["audit", "e.test", "--timeout", "inf"], ["audit", "e.test", "--timeout=nan"],
        ["audit", "e.test", "--quiet=yes"],
    ])
    func badArgumentsAreAOneLineErrorWithAPointerToHelpAndExitTwo(_ arguments: [String]) async throws {
        let result = try await Binary.run(arguments)
        #expect(result.status == 2)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "one line saying what is wrong, one saying where help is: \(result.stderr)")
        let command = arguments.first.flatMap { ["check", "match", "rules", "audit"].contains($0) ? $0 : nil }
        #expect(
            lines.first?.hasPrefix(command.map { "aasa-audit \($0): " } ?? "aasa-audit: ") == true, "\(result.stderr)")
        #expect(
            lines.last
                == (command.map { "Run 'aasa-audit \($0) --help' for its options." }
                    ?? "Run 'aasa-audit help' for the commands."))
        #expect(!result.stderr.contains("usage:"), "never the whole usage")
        #expect(result.stdout.isEmpty)
    }

    @Test func unknownOptionsAndCommandsSuggestTheClosest() async throws {
        let option = try await Binary.run(["audit", "e.test", "--concurrancy", "4"])
        #expect(option.status == 2)
        #expect(
            option.stderr == """
                aasa-audit audit: unknown option --concurrancy (did you mean --concurrency?)
                Run 'aasa-audit audit --help' for its options.

                """)
        let command = try await Binary.run(["chek", "x"])
        #expect(command.status == 2)
        #expect(command.stderr.hasPrefix("aasa-audit: unknown command chek (did you mean check?)\n"))
    }

    /// `match` names itself and its own help, not audit's.
    @Test func matchTimeoutErrorsNameMatch() async throws {
        let result = try await Binary.run(["match", "--timeout", "0", "--file", "x", "/a"])
        #expect(result.status == 2)
        #expect(
            result.stderr == """
                aasa-audit match: --timeout takes a number of seconds from 0.001 to 3600, not 0
                Run 'aasa-audit match --help' for its options.

                """)
    }

    @Test func helpManAndCompletionsAreAvailable() async throws {
        let man = try await Binary.run(["help", "--man"])
        #expect(man.status == 0 && man.stdout.hasPrefix(".TH AASA-AUDIT 1"))
        for shell in ["bash", "zsh", "fish"] {
            let script = try await Binary.run(["completions", shell])
            #expect(script.status == 0 && script.stdout.contains("--connect-to".dropFirst(shell == "fish" ? 2 : 0)))
        }
        let help = try await Binary.run(["help", "audit"])
        let ownHelp = try await Binary.run(["audit", "--help"])
        #expect(help.status == 0 && help.stdout == ownHelp.stdout)
        let top = try await Binary.run(["--help"])
        #expect(top.status == 0 && top.stdout.hasPrefix("usage: aasa-audit <command>"))
    }

    @Test(arguments: ["audit", "links", "merge", "check", "match", "rules", "help", "completions"])
    func everyCommandHasHelp(
        _ command: String
    ) async throws {
        let result = try await Binary.run([command, "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("usage: aasa-audit \(command)"))
    }

    @Test func versionNamesTheLibraries() async throws {
        let result = try await Binary.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("aasa-audit 0.1.0"))
        #expect(result.stdout.contains("libcurl/7"))
        #expect(result.stdout.contains("libxml2 2"))
    }

    @Test func rulesListsTheWholeCatalogue() async throws {
        let text = try await Binary.run(["rules"]).stdout
        for d in Catalogue.descriptions { #expect(text.contains(d.id)) }
        let json = try await Binary.run(["rules", "--json"])
        let array = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(array.count == Catalogue.descriptions.count)
    }

    /// The check table lives in docs/checks.md (the README links it) and is generated by `rules --markdown`;
    /// keep them in step.
    @Test func readmeCheckTableIsCurrent() async throws {
        let table = try await Binary.run(["rules", "--markdown"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let page = try String(contentsOf: Binary.root.appendingPathComponent("docs/checks.md"), encoding: .utf8)
        #expect(page.contains(table), "regenerate it with: aasa-audit rules --docs > docs/checks.md")
        let readme = try String(contentsOf: Binary.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("(docs/checks.md)"), "the README points at the table")
    }
}
