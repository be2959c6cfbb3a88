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
    ])
    func badArgumentsAreAOneLineErrorWithUsageAndExitTwo(_ arguments: [String]) async throws {
        let result = try await Binary.run(arguments)
        #expect(result.status == 2)
        let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("aasa-audit"), "\(result.stderr)")
        #expect(result.stderr.contains("usage: aasa-audit"))
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: ["check", "match", "rules"]) func everyCommandHasHelp(_ command: String) async throws {
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

    /// The README's check table is generated by `rules --markdown`; keep them in step.
    @Test func readmeCheckTableIsCurrent() async throws {
        let table = try await Binary.run(["rules", "--markdown"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let readme = try String(contentsOf: Binary.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(table), "regenerate the README table with: aasa-audit rules --markdown")
    }
}
