/// `--help` text, made from the declarations: synopsis, description, positionals, option groups (each option
/// with its help line, range or choices and default), exit status, examples.
enum HelpText {
    static let width = 100

    /// The tool's own help: the command list.
    static func render(_ tool: ToolSpec) -> String {
        var lines = ["usage: \(tool.name) <command> [options]", "", tool.summary, "", "commands:"]
        let rows = tool.commands.map { command in
            ([command.name] + command.positionals.map(\.synopsis)).joined(separator: " ")
        }
        lines += table(
            zip(rows, tool.commands.map(\.summary)).map { ($0, $1) },
            column: min(32, (rows.map(\.count).max() ?? 0) + 4))
        lines +=
            [""]
            + wrap(
                "'\(tool.name) help COMMAND' or '\(tool.name) COMMAND --help' shows a command's options; "
                    + "'\(tool.name) --version' shows the versions of the tool and its libraries.", indent: 0)
        return lines.joined(separator: "\n")
    }

    /// One command's help.
    static func render(_ command: CommandSpec) -> String {
        var lines = ["usage: " + command.synopsis, "", command.summary]
        for paragraph in command.description { lines += [""] + wrap(paragraph, indent: 0) }
        // One column for the whole command, so every group lines up.
        let lefts = command.positionals.map(\.synopsis) + command.options.map(left) + ["-h, --help"]
        let column = min(32, (lefts.map(\.count).max() ?? 0) + 4)
        if !command.positionals.isEmpty {
            lines += ["", "arguments:"]
            lines += table(command.positionals.map { ($0.synopsis, $0.help) }, column: column)
        }
        for group in command.groups {
            lines += ["", group.title.lowercased() + ":"]
            lines += table(group.options.map { (left($0), line($0)) }, column: column)
        }
        lines += ["", "help:"] + table([("-h, --help", "show this help")], column: column)
        if let exitStatus = command.exitStatus { lines += [""] + wrap("exit status: " + exitStatus, indent: 0) }
        if !command.examples.isEmpty {
            lines += ["", "examples:"]
            for example in command.examples {
                lines += wrap(example.purpose + ":", indent: 2) + ["    " + example.command]
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `-q, --quiet`, `    --timeout SECONDS`.
    static func left(_ option: OptionSpec) -> String {
        let long = option.takesValue ? "\(option.name) \(option.placeholder)" : option.name
        return option.short.map { "\($0), \(long)" } ?? "    " + long
    }

    /// The help line with what the option accepts: "(1 to 64; default 8; repeatable)".
    static func line(_ option: OptionSpec) -> String {
        var notes: [String] = []
        switch option.kind {
        case .integer(let range): notes.append("\(range.lowerBound) to \(range.upperBound)")
        case .decimal(let range, let unit):
            notes.append(
                "\(OptionSpec.number(range.lowerBound)) to \(OptionSpec.number(range.upperBound)) \(unit)")
        case .choice(let words): notes.append(OptionSpec.alternatives(words))
        case .choiceList(let words): notes.append("any of " + words.joined(separator: ", "))
        case .shard(let range): notes.append("N \(range.lowerBound) to \(range.upperBound)")
        case .flag, .string, .path: break
        }
        if let value = option.defaultValue ?? option.defaultHelp { notes.append("default \(value)") }
        if option.repeatable { notes.append("repeatable") }
        return option.help + (notes.isEmpty ? "" : " (\(notes.joined(separator: "; ")))")
    }

    /// Two aligned columns; a left cell too wide for the column puts its text on the next line.
    static func table(_ rows: [(String, String)], column: Int) -> [String] {
        var lines: [String] = []
        for (left, right) in rows {
            let cell = "  " + left
            var text = wrap(right, indent: column)
            if cell.count + 2 <= column {
                text[0] = cell + String(repeating: " ", count: column - cell.count) + text[0].dropFirst(column)
                lines += text
            } else {
                lines += [cell] + text
            }
        }
        return lines
    }

    /// Words filled to `width`, every line indented by `indent`.
    static func wrap(_ text: String, indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            if !current.isEmpty && indent + current.count + 1 + word.count > width {
                lines.append(pad + current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        lines.append(pad + current)
        return lines
    }
}
