import Foundation
import Testing

@testable import AuditCLI

/// Help, man page and completions all come from the declarations: nothing declared is missing from any.
@Suite struct RenderingTests {
    static let tool = AuditTool.spec

    @Test func theCommandListMatchesTheDeclarations() {
        #expect(AuditTool.commandNames == Self.tool.commands.map(\.name))
        let help = HelpText.render(Self.tool)
        for command in Self.tool.commands { #expect(help.contains("  \(command.name)"), "\(command.name)") }
    }

    @Test func declarationsAreWellFormed() {
        for command in Self.tool.commands {
            for constraint in command.constraints {
                for name in constraint.names { #expect(command.option(named: name) != nil, "\(command.name) \(name)") }
            }
            for option in command.options {
                #expect(!option.help.isEmpty && !option.help.contains("\n"), "\(option.name)")
                #expect(option.takesValue == !option.placeholder.isEmpty, "\(option.name)")
                if let value = option.defaultValue {
                    #expect(Parser.check(value, for: option) == nil, "\(option.name)'s default \(value) is refused")
                }
            }
        }
    }

    @Test(arguments: allCommands.map(\.name))
    func everyOptionIsInTheHelpTheManPageAndEveryCompletion(_ name: String) throws {
        let command = try #require(Self.tool.command(named: name))
        let help = HelpText.render(command)
        let man = ManPage.section(command).joined(separator: "\n")
        let bash = Completions.bashBlock(command).joined(separator: "\n")
        let zsh = Completions.zshBlock(command).joined(separator: "\n")
        let fish = Completions.fishBlock(command, tool: Self.tool).joined(separator: "\n")
        #expect(Completions.bash(Self.tool).contains(bash))
        #expect(Completions.zsh(Self.tool).contains(zsh))
        #expect(Completions.fish(Self.tool).contains(fish))
        #expect(ManPage.render(Self.tool).contains(man))
        for option in command.options {
            #expect(help.contains("  " + HelpText.left(option)), "help: \(option.name)")
            #expect(help.contains(HelpText.line(option).split(separator: " ").prefix(3).joined(separator: " ")))
            #expect(man.contains("\\fB" + ManPage.escape(option.name) + "\\fR"), "man: \(option.name)")
            #expect(bash.contains(option.name), "bash: \(option.name)")
            #expect(
                zsh.contains("'\(option.name)") || zsh.contains("'*\(option.name)") || zsh.contains("\(option.name)}"),
                "zsh: \(option.name)")
            #expect(fish.contains("-l \(option.name.dropFirst(2)) "), "fish: \(option.name)")
            if let short = option.short {
                #expect(help.contains("\(short), \(option.name)"))
                #expect(bash.contains(short) && zsh.contains("{\(short),") && fish.contains("-s \(short.dropFirst())"))
            }
            for word in option.words {
                #expect(bash.contains(word) && zsh.contains(word) && fish.contains(word), "\(option.name) \(word)")
            }
            if option.kind == .path {
                #expect(bash.contains("\(option.name)") && zsh.contains("\(option.name)="))
                #expect(fish.contains("-l \(option.name.dropFirst(2)) -r -F"))
            }
        }
        for positional in command.positionals {
            #expect(help.contains(positional.synopsis))
            for word in positional.choices { #expect(bash.contains(word) && zsh.contains(word) && fish.contains(word)) }
        }
    }

    @Test func helpShowsRangesChoicesAndDefaults() {
        let help = HelpText.render(AuditCommand.spec)
        // The text as one line, wherever it wrapped.
        let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.hasPrefix("usage: aasa-audit audit [options] [DOMAIN ...]\n"))
        #expect(
            flat.contains("--timeout SECONDS limit on each fetch; ")
                && flat.contains("(0.001 to 3600 seconds; default 10)"))
        #expect(flat.contains("--crawl-concurrency N requests in flight per site while crawling (1 to 64; default 8)"))
        #expect(
            flat.contains(
                "--fail-on error|warning|info|none exit 1 when a finding is at least this severe; none: findings never "
                    + "fail the run (error, warning, info or none; default error)"
            ))
        #expect(flat.contains("(any of json, html, csv, junit, markdown; default json,html,csv)"))
        #expect(flat.contains("--max-depth N links followed from / at most (1 to 1000000; default no limit)"))
        #expect(help.contains("\n  -q, --quiet "))
        #expect(help.contains("\nexit status: first that applies: 2 a usage error"))
        let match = HelpText.render(MatchCommand.spec)
        #expect(
            match.hasPrefix(
                "usage: aasa-audit match (--file FILE | --domain DOMAIN | --android-manifest XML) [options] [URL ...]\n"
            ),
            "URLs may come from --urls instead")
        #expect(match.contains("--connect-to HOST:PORT:ADDR:PORT"), "the shared network group")
        for line in help.split(separator: "\n") + match.split(separator: "\n") {
            #expect(line.count <= HelpText.width, "\(line)")
        }
    }

    /// The shared network options are one declaration, so audit and match cannot disagree.
    @Test func auditAndMatchShareTheNetworkOptions() throws {
        for command in [AuditCommand.spec, MatchCommand.spec] {
            let group = try #require(command.groups.first { $0.title == NetworkOptions.group.title })
            #expect(group.options == NetworkOptions.group.options)
        }
    }

    @Test func theManPageHasASectionPerCommand() {
        let man = ManPage.render(Self.tool)
        #expect(man.hasPrefix(".TH AASA-AUDIT 1"))
        for command in Self.tool.commands { #expect(man.contains(".SS \"aasa-audit \(command.name)")) }
        for line in man.split(separator: "\n") {
            #expect(!line.hasPrefix(" "), "a leading space breaks the fill: \(line)")
        }
    }

    /// Every command has examples; `--help` ends with them, each command line whole on its own line, and the man
    /// page lists them all, ASCII only.
    @Test(arguments: allCommands.map(\.name))
    func everyCommandHasExamplesInItsHelpAndTheManPage(_ name: String) throws {
        let command = try #require(Self.tool.command(named: name))
        #expect(!command.examples.isEmpty)
        let help = HelpText.render(command)
        let man = ManPage.render(Self.tool)
        #expect(help.contains("\nexamples:\n"))
        for example in command.examples {
            #expect(
                example.command.hasPrefix("aasa-audit \(name) ") || example.command.contains("| aasa-audit \(name)"))
            #expect(help.contains("\n    \(example.command)\n") || help.hasSuffix("\n    \(example.command)"))
            #expect(("    " + example.command).count <= HelpText.width, "\(example.command)")
            #expect(man.contains(".nf\n\(ManPage.escape(example.command))\n.fi"))
            #expect((example.purpose + example.command).allSatisfy { $0.isASCII })
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff"), "groff is not installed"))
    func theManPageIsCleanUnderGroff() throws {
        let result = try runTool("/usr/bin/groff", ["-man", "-ww", "-Tutf8", "-z"], stdin: ManPage.render(Self.tool))
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    /// Where a shell is installed, if it is (the syntax tests below are skipped, and say so, where it is not).
    static func shellPath(_ shell: Completions.Shell) -> String? {
        let path = "/usr/bin/\(shell.rawValue)"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// The shell's own parser (`-n`: read, do not run) accepts the completion script.
    func completionScriptIsValidSyntax(_ shell: Completions.Shell) throws {
        let path = try #require(Self.shellPath(shell))
        let file = try temporaryFile(Completions.render(Self.tool, for: shell), name: "completion.\(shell.rawValue)")
        let result = try runTool(path, ["-n", file.path], stdin: "")
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(.enabled(if: RenderingTests.shellPath(.bash) != nil, "bash is not installed in /usr/bin"))
    func theBashCompletionScriptIsValidSyntax() throws { try completionScriptIsValidSyntax(.bash) }

    @Test(.enabled(if: RenderingTests.shellPath(.zsh) != nil, "zsh is not installed in /usr/bin"))
    func theZshCompletionScriptIsValidSyntax() throws { try completionScriptIsValidSyntax(.zsh) }

    @Test(.enabled(if: RenderingTests.shellPath(.fish) != nil, "fish is not installed in /usr/bin"))
    func theFishCompletionScriptIsValidSyntax() throws { try completionScriptIsValidSyntax(.fish) }

    @Test func everyShellHasASyntaxTest() {
        #expect(Set(Completions.Shell.allCases) == [.bash, .zsh, .fish], "a new shell needs its syntax test above")
    }

    /// bash completes a choice option's words, the item after a comma in a list, and the command's options.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash"), "bash is not installed"))
    func bashCompletesChoicesAndOptions() throws {
        let file = try temporaryFile(Completions.bash(Self.tool), name: "aasa-audit.bash")
        func complete(_ words: [String]) throws -> String {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let script =
                "source '\(file.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _aasa_audit; "
                + "echo \"${COMPREPLY[*]}\""
            return try runTool("/bin/bash", ["-c", script], stdin: "").stdout.trimmingCharacters(in: .newlines)
        }
        #expect(try complete(["aasa-audit", "audit", "--fail-on", "w"]) == "warning")
        #expect(try complete(["aasa-audit", "audit", "--format", "json,ht"]) == "json,html")
        #expect(try complete(["aasa-audit", "match", "--ti"]) == "--timeout")
        #expect(try complete(["aasa-audit", "comp"]) == "completions")
        #expect(try complete(["aasa-audit", "completions", "f"]) == "fish")
        #expect(try complete(["aasa-audit", "check", "--fail-on", "=", "in"]) == "info", "--fail-on=in")
        #expect(try complete(["aasa-audit", "check", "--format", "="]) == "text json sarif", "--format=")
    }

    /// fish offers a choice option's words, the command's options and the commands.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "fish is not installed"))
    func fishCompletesChoicesAndOptions() throws {
        let file = try temporaryFile(Completions.fish(Self.tool), name: "aasa-audit.fish")
        func complete(_ line: String) throws -> [String] {
            let result = try runTool("/usr/bin/fish", ["-c", "source '\(file.path)'; complete -C'\(line)'"], stdin: "")
            return result.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
        }
        #expect(try complete("aasa-audit audit --fail-on ") == ["error", "info", "warning"])
        #expect(try complete("aasa-audit match --ti") == ["--timeout"])
        #expect(try complete("aasa-audit check -").contains("--fail-on"))
        #expect(try complete("aasa-audit completions ") == ["bash", "fish", "zsh"])
        #expect(try complete("aasa-audit rul") == ["rules"])
    }
}

/// Runs a program to completion with `stdin`, returning its status and output.
func runTool(
    _ path: String, _ arguments: [String], stdin: String
) throws -> (
    status: Int32, stdout: String, stderr: String
) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    let input = Pipe()
    let output = Pipe()
    let error = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = error
    try process.run()
    input.fileHandleForWriting.write(Data(stdin.utf8))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
}
