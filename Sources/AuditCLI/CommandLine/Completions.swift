/// Shell completion scripts for bash, zsh and fish, made from the declarations: each command's options, the
/// words of choice options, file names for path options and path positionals.
enum Completions {
    enum Shell: String, CaseIterable, Sendable {
        case bash, zsh, fish
    }

    static func render(_ tool: ToolSpec, for shell: Shell) -> String {
        switch shell {
        case .bash: bash(tool)
        case .zsh: zsh(tool)
        case .fish: fish(tool)
        }
    }

    // MARK: bash

    static func bash(_ tool: ToolSpec) -> String {
        let function = "_" + tool.name.replacingDashes
        var out = [
            "# bash completion for \(tool.name); install: \(tool.name) completions bash > /etc/bash_completion.d/\(tool.name)",
            "\(function)() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" command=\"\" i",
            // bash splits --opt=value at the "=": complete the value of the option before it.
            "    if [[ \"$cur\" == \"=\" ]]; then cur=\"\"; elif [[ \"$prev\" == \"=\" ]]; then prev=\"${COMP_WORDS[COMP_CWORD-2]}\"; fi",
            "    for ((i = 1; i < COMP_CWORD; i++)); do",
            "        case \"${COMP_WORDS[i]}\" in -*) ;; *) command=\"${COMP_WORDS[i]}\"; break ;; esac",
            "    done",
            "    case \"$command\" in",
            "    \"\")",
            "        COMPREPLY=($(compgen -W \"\((tool.commands.map(\.name) + ["--help", "--version"]).joined(separator: " "))\" -- \"$cur\"))",
            "        ;;",
        ]
        for command in tool.commands { out += bashBlock(command) }
        out += ["    esac", "}", "complete -F \(function) \(tool.name)"]
        return out.joined(separator: "\n") + "\n"
    }

    /// The `case` arm for one command.
    static func bashBlock(_ command: CommandSpec) -> [String] {
        var out = ["    \(command.name))", "        case \"$prev\" in"]
        for option in command.options where option.takesValue {
            let names = ([option.name] + (option.short.map { [$0] } ?? [])).joined(separator: "|")
            let action: String
            switch option.kind {
            case .path: action = "COMPREPLY=($(compgen -f -- \"$cur\"))"
            case .choice(let words):
                action = "COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))"
            case .choiceList(let words):
                // Complete the word after the last comma, keeping what comes before it.
                action =
                    "local head=\"\"; [[ \"$cur\" == *,* ]] && head=\"${cur%,*},\"; "
                    + "COMPREPLY=($(compgen -P \"$head\" -W \"\(words.joined(separator: " "))\" -- \"${cur##*,}\"))"
            default: action = "COMPREPLY=()"
            }
            out.append("        \(names)) \(action); return ;;")
        }
        out.append("        esac")
        let words = command.options.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) } + ["--help"]
        let positional =
            command.positionals.contains(where: \.isPath)
            ? "COMPREPLY=($(compgen -f -- \"$cur\"))"
            : "COMPREPLY=($(compgen -W \"\(command.positionals.flatMap(\.choices).joined(separator: " "))\" -- \"$cur\"))"
        out += [
            "        if [[ \"$cur\" == -* ]]; then",
            "            COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\"))",
            "        else",
            "            \(positional)",
            "        fi",
            "        ;;",
        ]
        return out
    }

    // MARK: zsh

    static func zsh(_ tool: ToolSpec) -> String {
        let function = "_" + tool.name.replacingDashes
        var out = ["#compdef \(tool.name)", "\(function)() {", "    local -a commands", "    commands=("]
        out += tool.commands.map { "        '\($0.name):\(zshQuote($0.summary, escaping: ""))'" }
        out += [
            "    )",
            "    if (( CURRENT == 2 )); then",
            "        _describe 'command' commands",
            "        return",
            "    fi",
            "    words=(\"${(@)words[2,-1]}\")",
            "    (( CURRENT-- ))",
            "    case $words[1] in",
        ]
        for command in tool.commands { out += zshBlock(command) }
        out += ["    esac", "}", "\(function) \"$@\""]
        return out.joined(separator: "\n") + "\n"
    }

    /// The `_arguments` call for one command.
    static func zshBlock(_ command: CommandSpec) -> [String] {
        var specs: [String] = []
        for option in command.options {
            let description = "[\(zshQuote(option.help, escaping: "[]"))]"
            var value = ""
            if option.takesValue {
                let message = zshQuote(option.placeholder, escaping: ":")
                switch option.kind {
                case .path: value = ":\(message):_files"
                case .choice(let words): value = ":\(message):(\(words.joined(separator: " ")))"
                case .choiceList(let words):
                    value = ":\(message):_sequence compadd - \(words.joined(separator: " "))"
                default: value = ":\(message): "
                }
            }
            let repeated = option.repeatable ? "*" : ""
            let equals = option.takesValue ? "=" : ""
            if let short = option.short {
                specs.append("'(\(short) \(option.name))'{\(short),\(option.name)}'\(description)\(value)'")
            } else {
                specs.append("'\(repeated)\(option.name)\(equals)\(description)\(value)'")
            }
        }
        specs.append("'(- *)'{-h,--help}'[show this help]'")
        for positional in command.positionals {
            let action =
                positional.isPath
                ? "_files" : positional.choices.isEmpty ? " " : "(\(positional.choices.joined(separator: " ")))"
            let count: String
            switch positional.arity {
            case .one: count = ""
            case .optional: count = ":"
            case .zeroOrMore, .oneOrMore: count = "*"
            }
            specs.append("'\(count):\(zshQuote(positional.placeholder, escaping: ":")):\(action)'")
        }
        var lines = ["    \(command.name))", "        _arguments -s \\"]
        lines += specs.enumerated().map { "            \($1)" + ($0 == specs.count - 1 ? "" : " \\") }
        return lines + ["        ;;"]
    }

    /// Text inside a single-quoted `_arguments` spec: quotes closed and reopened; backslashes and the
    /// characters that would end the field (brackets in a description, colons in a message) escaped.
    static func zshQuote(_ text: String, escaping special: String) -> String {
        var out = ""
        for character in text {
            if character == "'" {
                out += "'\\''"
            } else if character == "\\" || special.contains(character) {
                out += "\\" + String(character)
            } else {
                out.append(character)
            }
        }
        return out
    }

    // MARK: fish

    static func fish(_ tool: ToolSpec) -> String {
        let c = "complete -c \(tool.name)"
        var out = ["# fish completion for \(tool.name)", "\(c) -f"]
        for command in tool.commands {
            out.append("\(c) -n __fish_use_subcommand -a \(command.name) -d '\(fishQuote(command.summary))'")
        }
        out.append("\(c) -n __fish_use_subcommand -l version -d 'show the versions of the tool and its libraries'")
        for command in tool.commands { out += fishBlock(command, tool: tool) }
        return out.joined(separator: "\n") + "\n"
    }

    /// One `complete` line per option of one command, then its positionals.
    static func fishBlock(_ command: CommandSpec, tool: ToolSpec) -> [String] {
        let prefix = "complete -c \(tool.name) -n '__fish_seen_subcommand_from \(command.name)'"
        var out: [String] = []
        for option in command.options {
            var line = prefix
            if let short = option.short { line += " -s \(short.dropFirst())" }
            line += " -l \(option.name.dropFirst(2))"
            switch option.kind {
            case .flag: break
            case .path: line += " -r -F"
            case .choice(let words), .choiceList(let words): line += " -x -a '\(words.joined(separator: " "))'"
            default: line += " -x"
            }
            out.append(line + " -d '\(fishQuote(option.help))'")
        }
        out.append("\(prefix) -s h -l help -d 'show this help'")
        for positional in command.positionals {
            if positional.isPath { out.append("\(prefix) -F") }
            if !positional.choices.isEmpty { out.append("\(prefix) -a '\(positional.choices.joined(separator: " "))'") }
        }
        return out
    }

    /// Text inside fish single quotes.
    static func fishQuote(_ text: String) -> String {
        var out = ""
        for character in text {
            if character == "'" || character == "\\" { out += "\\" }
            out.append(character)
        }
        return out
    }
}

extension String {
    /// `aasa-audit` → `aasa_audit`, for shell function names.
    fileprivate var replacingDashes: String { String(map { $0 == "-" ? "_" : $0 }) }
}
