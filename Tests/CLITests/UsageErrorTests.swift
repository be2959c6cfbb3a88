import Testing

@testable import AuditCLI

/// Every kind of command-line mistake is one line naming the command, with help on the second.
@Suite struct UsageErrorTests {
    func message(_ arguments: [String], _ command: CommandSpec) -> String? {
        parseError(arguments, command)?.message
    }

    @Test func unknownOptionsSuggestTheClosest() {
        #expect(
            message(["--concurrancy", "3", "x"], AuditCommand.spec)
                == "unknown option --concurrancy (did you mean --concurrency?)")
        #expect(
            message(["x", "--cnocurrency=3"], AuditCommand.spec)?.hasSuffix("(did you mean --concurrency?)") == true)
        #expect(
            message(["x", "--conn", "a"], AuditCommand.spec) == "unknown option --conn (did you mean --connect-to?)")
        #expect(message(["f", "--jsno"], CheckCommand.spec) == "unknown option --jsno (did you mean --json?)")
        #expect(message(["f", "--hepl"], CheckCommand.spec) == "unknown option --hepl (did you mean --help?)")
        #expect(message(["f", "--zzzzzz"], CheckCommand.spec) == "unknown option --zzzzzz")
        #expect(message(["f", "-x"], CheckCommand.spec) == "unknown option -x")
        #expect(
            message(["f", "--crawl"], CheckCommand.spec) == "unknown option --crawl", "audit's option, not check's")
    }

    @Test func unknownCommandsSuggestTheClosest() async {
        #expect(await dispatchError(["chek"]) == UsageError("unknown command chek (did you mean check?)"))
        #expect(
            await dispatchError(["completion", "bash"])
                == UsageError("unknown command completion (did you mean completions?)"))
        #expect(await dispatchError(["frobnicate"]) == UsageError("unknown command frobnicate"))
        #expect(await dispatchError(["--verison"]) == UsageError("unknown option --verison (did you mean --version?)"))
        #expect(await dispatchError([]) == UsageError("missing command"))
        #expect(await dispatchError(["check"]) == UsageError("missing FILE", command: "check"))
    }

    func dispatchError(_ arguments: [String]) async -> UsageError? {
        do {
            _ = try await AuditTool.dispatch(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func missingValues() {
        #expect(message(["x", "--timeout"], AuditCommand.spec) == "--timeout needs a value (SECONDS)")
        #expect(message(["--file"], MatchCommand.spec) == "--file needs a value (FILE)")
        #expect(message(["--out", "--quiet", "x"], AuditCommand.spec) == "--out needs a value (DIR)")
        #expect(message(["x", "--out="], AuditCommand.spec) == "--out needs a value (DIR)")
        #expect(message(["x", "--domains", "--", "y"], AuditCommand.spec) == "--domains needs a value (FILE)")
    }

    @Test func flagsTakeNoValue() {
        #expect(message(["x", "--quiet=yes"], AuditCommand.spec) == "--quiet takes no value")
        #expect(message(["x", "--crawl="], AuditCommand.spec) == "--crawl takes no value")
        #expect(message(["--json=1"], RulesCommand.spec) == "--json takes no value")
    }

    @Test(arguments: ["0", "-1", "inf", "-inf", "nan", "NaN", "1e300", "3600.5", "ten", "", "1e-4"])
    func timeoutsOutsideTheirRangeAreRefused(_ value: String) {
        let shown = value.isEmpty ? "nothing" : value
        for command in [AuditCommand.spec, MatchCommand.spec] {
            let arguments = command.name == "match" ? ["--file", "f", "/x"] : ["x"]
            #expect(
                message(arguments + ["--timeout=\(value)"], command)
                    == "--timeout takes a number of seconds from 0.001 to 3600, not \(shown)", "\(command.name)")
        }
    }

    @Test func integersOutsideTheirRangeAreRefused() {
        let cases: [(String, String, String)] = [
            ("--concurrency", "0", "a whole number from 1 to 1024"),
            ("--concurrency", "1025", "a whole number from 1 to 1024"),
            ("--crawl-concurrency", "0", "a whole number from 1 to 64"),
            ("--crawl-concurrency", "65", "a whole number from 1 to 64"),
            ("--crawl-concurrency", "many", "a whole number from 1 to 64"),
            ("--max-pages", "0", "a whole number from 1 to 100000000"),
            ("--max-urls", "-5", "a whole number from 1 to 1000000000"),
            ("--max-depth", "1.5", "a whole number from 1 to 1000000"),
            ("--keep", "0", "a whole number from 1 to 1000000"),
            ("--keep", "99999999999999999999", "a whole number from 1 to 1000000"),
        ]
        for (name, value, allowed) in cases {
            #expect(message(["x", name, value], AuditCommand.spec) == "\(name) takes \(allowed), not \(value)")
        }
    }

    @Test(arguments: ["-0.5", "60.01", "inf", "nan", "1e300"]) func delaysOutsideTheirRangeAreRefused(_ value: String) {
        #expect(
            message(["x", "--delay", value], AuditCommand.spec)
                == "--delay takes a number of seconds from 0 to 60, not \(value)")
    }

    @Test func badChoices() {
        #expect(
            message(["x", "--fail-on", "fatal"], CheckCommand.spec)
                == "--fail-on takes error, warning or info, not fatal")
        #expect(message(["x", "--format=xml"], CheckCommand.spec) == "--format takes text, json or sarif, not xml")
        #expect(
            message(["x", "--format", "json,xml"], AuditCommand.spec)
                == "--format takes a comma-separated list from json, html, csv, junit and markdown, not json,xml")
        #expect(message(["x", "--format", "json,,csv"], AuditCommand.spec)?.hasSuffix("not json,,csv") == true)
        #expect(message(["x", "--format="], AuditCommand.spec)?.hasSuffix("not nothing") == true)
        #expect(message(["tcsh"], CompletionsCommand.spec) == "SHELL is bash, zsh or fish, not tcsh")
        #expect(message(["zhs"], CompletionsCommand.spec) == "SHELL is bash, zsh or fish, not zhs (did you mean zsh?)")
        #expect(message(["adit"], HelpCommand.spec)?.hasSuffix("not adit (did you mean audit?)") == true)
    }

    @Test func aNonRepeatableOptionGivenTwice() {
        #expect(
            message(["x", "--timeout", "3", "--timeout=4"], AuditCommand.spec) == "--timeout was given more than once")
        #expect(message(["x", "-q", "--quiet"], AuditCommand.spec) == "--quiet was given more than once")
        #expect(message(["--file", "a", "--file", "b", "/x"], MatchCommand.spec) == "--file was given more than once")
    }

    @Test func constraints() {
        #expect(
            message(["x", "--cdn-base", "https://c/", "--no-cdn"], AuditCommand.spec)
                == "give --cdn-base or --no-cdn, not both")
        #expect(message(["x", "--app-id", "T.a.b"], AuditCommand.spec) == "--app-id requires --entitlements")
        #expect(message(["/x"], MatchCommand.spec) == "give --file, --domain or --android-manifest")
        #expect(
            message(["--file", "f", "--domain", "d", "/x"], MatchCommand.spec) == "give --file or --domain, not both")
        #expect(
            message(["--file", "f", "--assetlinks", "a.json", "/x"], MatchCommand.spec)
                == "--assetlinks requires --android-manifest")
    }

    @Test func positionals() {
        #expect(message([], CheckCommand.spec) == "missing FILE")
        #expect(message(["a", "b"], CheckCommand.spec) == "unexpected argument b: check takes one FILE")
        #expect(message(["--file", "f"], MatchCommand.spec) == nil, "URLs may come from --urls: plan checks for one")
        #expect(message(["extra"], RulesCommand.spec) == "unexpected argument extra: rules takes no arguments")
        #expect(message([], CompletionsCommand.spec) == "missing SHELL")
        #expect(
            message(["bash", "zsh"], CompletionsCommand.spec)
                == "unexpected argument zsh: completions takes one bash|zsh|fish")
        #expect(message(["--", "--json"], RulesCommand.spec) == "unexpected argument --json: rules takes no arguments")
    }

    @Test func theErrorTextIsTwoLinesNamingTheCommand() {
        let error = UsageError("unknown option --concurrancy (did you mean --concurrency?)", command: "audit")
        #expect(
            error.text == """
                aasa-audit audit: unknown option --concurrancy (did you mean --concurrency?)
                Run 'aasa-audit audit --help' for its options.
                """)
        #expect(
            UsageError("missing command").text == "aasa-audit: missing command\nRun 'aasa-audit help' for the commands."
        )
    }

    /// No message names a Swift type or dumps an error value.
    @Test func messagesNameNoSwiftType() {
        let lines = [
            ["x", "--timeout", "nan"], ["x", "--quiet=1"], ["x", "--concurrency"], ["x", "--bogus"], ["x", "-q", "-q"],
        ].compactMap { message($0, AuditCommand.spec) }
        #expect(lines.count == 5)
        for line in lines {
            #expect(!line.contains("Optional(") && !line.contains("Error(") && !line.contains("\n"), "\(line)")
        }
    }
}
