import AASA
import Testing

/// Which findings an ignore entry silences: check ID, domain wildcards, JSON Pointers, truncations.
@Suite struct SuppressionsTests {
    func finding(_ id: String, pointer: String? = nil, omitted: OmittedFindings? = nil) -> Finding {
        Finding(
            id: id, severity: .warning, message: "m", location: FindingLocation(pointer: pointer), why: "w", hint: "h",
            omitted: omitted)
    }

    @Test(arguments: [
        ("*.acme.com", "www.acme.com", true), ("*.acme.com", "a.b.acme.com", true), ("*.acme.com", "acme.com", false),
        ("*.acme.com", "evilacme.com", false), ("acme.*", "acme.co.uk", true), ("*", "anything.test", true),
        ("shop.acme.com", "SHOP.Acme.com", true), ("shop.acme.com", "shop.acme.com.evil", false),
        ("s*p.acme.com", "shop.acme.com", true), ("s*p.acme.com", "sp.acme.com", true),
        ("*a*a*", "banana", true), ("*a*a*a*a", "banana", false), ("", "acme.com", false), ("**", "", true),
    ])
    func wildcardsStandForAnyRunOfCharacters(_ pattern: String, _ name: String, _ expected: Bool) {
        #expect(IgnoreRule.wildcard(pattern, matches: name) == expected)
    }

    @Test func aPointerMatchesItsValueAndWhatLiesInsideIt() {
        let rule = IgnoreRule(check: "unknown-key", pointer: "/applinks/details/0", reason: "r", source: "s")
        #expect(rule.matches(finding("unknown-key", pointer: "/applinks/details/0"), domain: []))
        #expect(rule.matches(finding("unknown-key", pointer: "/applinks/details/0/components/3"), domain: []))
        #expect(!rule.matches(finding("unknown-key", pointer: "/applinks/details/01"), domain: []))
        #expect(!rule.matches(finding("unknown-key", pointer: "/applinks/details/1"), domain: []))
        #expect(!rule.matches(finding("unknown-key"), domain: []), "no pointer: not at the entry's place")
        #expect(!rule.matches(finding("wrong-type", pointer: "/applinks/details/0"), domain: []))
        let whole = IgnoreRule(check: "unknown-key", pointer: "", reason: "r", source: "s")
        #expect(whole.matches(finding("unknown-key", pointer: "/a~1b"), domain: []))
    }

    @Test func aDomainEntryReachesOnlyThatDomainsFindingsInEitherForm() {
        let rule = IgnoreRule(check: "redirect", domain: "*.bücher.de", reason: "r", source: "s")
        #expect(rule.matches(finding("redirect"), domain: ["www.xn--bcher-kva.de", "www.bücher.de"]))
        #expect(!rule.matches(finding("redirect"), domain: ["www.acme.de"]))
        #expect(!rule.matches(finding("redirect"), domain: []), "a local file has no domain")
    }

    @Test func anEntryForACheckSilencesTheTruncationStandingForItsFindings() {
        let truncated = finding(
            "findings-truncated", omitted: OmittedFindings(check: "unknown-key", warnings: 40))
        #expect(IgnoreRule(check: "unknown-key", reason: "r", source: "s").matches(truncated, domain: []))
        #expect(!IgnoreRule(check: "wrong-type", reason: "r", source: "s").matches(truncated, domain: []))
        #expect(
            !IgnoreRule(check: "unknown-key", pointer: "/x", reason: "r", source: "s").matches(truncated, domain: []))
        var findings = [truncated, finding("unknown-key")]
        Suppressions([IgnoreRule(check: "unknown-key", reason: "r", source: "s")]).apply(to: &findings, domain: [])
        #expect(findings.count(.warning) == 0)
        #expect(findings.suppressedCount == 42, "the truncation's 40 left out, itself, and the kept one")
        #expect(!findings.contains(atLeast: .info))
    }

    @Test func unusedEntriesAreThoseThatMatchedNothing() {
        let suppressions = Suppressions([
            IgnoreRule(check: "redirect", reason: "first wins", source: "a:2"),
            IgnoreRule(check: "redirect", reason: "never reached", source: "a:3"),
            IgnoreRule(check: "tls-expired", reason: "stale", source: "a:4"),
        ])
        var findings = [finding("redirect"), finding("not-found")]
        suppressions.apply(to: &findings, domain: ["acme.com"])
        #expect(findings[0].suppressedReason == "first wins")
        #expect(findings[1].suppressed == nil)
        #expect(suppressions.unused().map(\.source) == ["a:3", "a:4"])
        #expect(suppressions.unused { $0.check != "tls-expired" }.map(\.source) == ["a:3"])
    }

    @Test func theConfigFileIsReadIntoEntriesWithTheirLines() throws {
        let text = """
            {
              "$schema": "https://example.com/config.schema.json",
              "ignore": [
                {"check": "rule-captures-sensitive", "domain": "*.Acme.com",
                 "pointer": "/applinks/details/0/components/3", "reason": "no mail"},
                {"check": "redirect", "reason": "staging"}
              ]
            }
            """
        let rules = try IgnoreConfig.read([0xEF, 0xBB, 0xBF] + Array(text.utf8), file: "c.json")
        #expect(
            rules == [
                IgnoreRule(
                    check: "rule-captures-sensitive", domain: "*.acme.com", pointer: "/applinks/details/0/components/3",
                    reason: "no mail", source: "c.json:4"),
                IgnoreRule(check: "redirect", reason: "staging", source: "c.json:6"),
            ])
        #expect(try IgnoreConfig.read(Array("{}".utf8), file: "c.json").isEmpty)
    }

    @Test(arguments: [
        (
            #"{"ignore": [{"check": "redirect", "reason": "r", "reason": "s"}]}"#,
            #"c.json:1:50: "reason" appears twice"#
        ),
        (#"[]"#, "c.json:1:1: the top level is an array"),
        (#"{"ignore": [{"check": 3, "reason": "r"}]}"#, #"c.json:1:23: "check" must be a string, not a number"#),
        (#"{"ignore": ["redirect"]}"#, "c.json:1:13: an ignore entry must be an object"),
        (
            #"{"ignore": [{"check": "redirect", "reason": "r", "pointer": "/a~2"}]}"#,
            "c.json:1:61: \"/a~2\" is not a JSON Pointer"
        ),
        (#"{"ignore": [{"reason": "r"}]}"#, #"c.json:1:13: this ignore entry has no "check""#),
        ("\u{FEFF}{\"ignore\": [}", "c.json:1:13: "),
    ])
    func badConfigsAreRefusedWithTheirPlace(_ text: String, _ expected: String) {
        #expect(throws: IgnoreConfig.Problem.self) { try IgnoreConfig.read(Array(text.utf8), file: "c.json") }
        do {
            _ = try IgnoreConfig.read(Array(text.utf8), file: "c.json")
        } catch {
            #expect(error.description.hasPrefix(expected), "\(error.description)")
        }
    }

    @Test func ignoreOnTheCommandLineTakesAnIDAndADomain() throws {
        #expect(
            try IgnoreConfig.commandLine("redirect@*.Acme.com")
                == IgnoreRule(check: "redirect", domain: "*.acme.com", reason: "command line", source: "command line"))
        #expect(try IgnoreConfig.commandLine("redirect").domain == nil)
        #expect(throws: IgnoreConfig.Problem.self) { try IgnoreConfig.commandLine("redirct") }
        #expect(throws: IgnoreConfig.Problem.self) { try IgnoreConfig.commandLine("redirect@") }
        #expect(throws: IgnoreConfig.Problem.self) { try IgnoreConfig.commandLine("redirect@https://acme.com") }
        do {
            _ = try IgnoreConfig.commandLine("redirct@acme.com")
        } catch {
            #expect(
                error.description
                    == #"--ignore redirct@acme.com: no check is called "redirct" (did you mean redirect?)"#)
        }
    }
}
