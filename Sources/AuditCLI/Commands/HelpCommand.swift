/// `aasa-audit help [COMMAND]` and `help --man`: the tool's or a command's help, or the man page.
enum HelpCommand: Command {
    static let man = OptionSpec.flag("--man", help: "print the man page (roff) for every command")

    static let spec = CommandSpec(
        name: "help", summary: "show the commands, one command's options, or the man page",
        examples: Examples.help,
        positionals: [
            PositionalSpec("COMMAND", .optional, choices: AuditTool.commandNames, help: "the command to describe")
        ],
        groups: [OptionGroup("Output", [man])])

    enum Plan: Equatable {
        case tool, man
        case command(String)
    }

    static func plan(from options: ParsedOptions) -> Plan {
        if options.flag(man) { return .man }
        return options.positionals.first.map(Plan.command) ?? .tool
    }

    static func run(_ plan: Plan) async -> ExitCode {
        // The man page ends in its own newline.
        Terminal.out(text(plan), terminator: plan == .man ? "" : "\n")
        return .success
    }

    static func text(_ plan: Plan) -> String {
        switch plan {
        case .tool: HelpText.render(AuditTool.spec)
        case .man: ManPage.render(AuditTool.spec)
        case .command(let name): AuditTool.spec.command(named: name).map(HelpText.render) ?? ""
        }
    }
}

/// `aasa-audit completions bash|zsh|fish`: a completion script made from the same declarations as the help.
enum CompletionsCommand: Command {
    static let spec = CommandSpec(
        name: "completions", summary: "print a shell completion script",
        examples: Examples.completions,
        positionals: [
            PositionalSpec(
                "SHELL", .one, choices: Completions.Shell.allCases.map(\.rawValue), help: "the shell to complete in")
        ],
        description: [
            "bash: save to /etc/bash_completion.d/aasa-audit; zsh: save as _aasa-audit in a folder on $fpath; "
                + "fish: save to ~/.config/fish/completions/aasa-audit.fish."
        ])

    static func plan(from options: ParsedOptions) -> Completions.Shell {
        Completions.Shell(rawValue: options.positionals[0]) ?? .bash
    }

    static func run(_ shell: Completions.Shell) async -> ExitCode {
        Terminal.out(Completions.render(AuditTool.spec, for: shell), terminator: "")
        return .success
    }
}
