/// The man page (roff, `man 7 man` macros): one page for the tool with a section per command, made from the
/// same declarations as `--help`.
enum ManPage {
    static func render(_ tool: ToolSpec) -> String {
        var out = [
            #".TH \#(tool.name.uppercased()) 1 "" "\#(tool.name) \#(tool.version)" "User Commands""#,
            ".SH NAME",
            "\(tool.name) \\- \(escape(tool.summary))",
            ".SH SYNOPSIS",
            ".B \(tool.name)",
            ".I command",
            ".RI [ options ]",
            ".br",
            ".B \(tool.name)",
            ".B \\-\\-version",
            ".SH DESCRIPTION",
            escape("Each command declares its options below; \(tool.name) COMMAND --help shows the same text."),
            ".SH COMMANDS",
        ]
        for command in tool.commands { out += section(command) }
        out += [".SH EXIT STATUS", escape(tool.exitStatus)]
        // The order man-pages(7) gives: ENVIRONMENT, FILES, EXAMPLES, then SEE ALSO.
        if !tool.environment.isEmpty { out += [".SH ENVIRONMENT"] + tool.environment.flatMap(entry) }
        if !tool.files.isEmpty { out += [".SH FILES"] + tool.files.flatMap(entry) }
        let examples = tool.commands.flatMap(\.examples)
        if !examples.isEmpty { out += [".SH EXAMPLES"] + examples.flatMap(example) }
        out += [".SH SEE ALSO", ".BR curl (1)"]
        return out.joined(separator: "\n") + "\n"
    }

    /// A tagged paragraph: the name in bold, its meaning below.
    static func entry(_ entry: ToolSpec.Entry) -> [String] {
        [".TP", "\\fB\(escape(entry.name))\\fR", escape(entry.meaning)]
    }

    /// What the example is for, then the command line unfilled and indented, so it can be copied as it is.
    static func example(_ example: Example) -> [String] {
        let purpose = example.purpose.prefix(1).uppercased() + example.purpose.dropFirst() + ":"
        return [".PP", escape(purpose), ".PP", ".RS 4", ".nf", escape(example.command), ".fi", ".RE"]
    }

    static func section(_ command: CommandSpec) -> [String] {
        var out = [".SS \"\(escape(command.synopsis))\"", escape(command.summary)]
        for paragraph in command.description { out += [".PP", escape(paragraph)] }
        for positional in command.positionals {
            out += [".TP", ".I \(escape(positional.synopsis))", escape(positional.help)]
        }
        for group in command.groups {
            out += [".PP", ".B \(escape(group.title))"]
            for option in group.options {
                var head = option.short.map { "\\fB\(escape($0))\\fR, " } ?? ""
                head += "\\fB\(escape(option.name))\\fR"
                if option.takesValue { head += " \\fI\(escape(option.placeholder))\\fR" }
                out += [".TP", head, escape(HelpText.line(option))]
            }
        }
        if let exitStatus = command.exitStatus { out += [".PP", escape("Exit status: " + exitStatus)] }
        return out
    }

    /// Text safe as roff input: backslashes escaped, the dashes of option names as `\-` (so they print and
    /// search as ASCII minus; a hyphen inside a word stays a hyphen), no line starting with a control character.
    static func escape(_ text: String) -> String {
        var escaped = ""
        var previous: Character = " "
        for character in text {
            switch character {
            case "\\": escaped += "\\e"
            case "-" where !previous.isLetter && !previous.isNumber: escaped += "\\-"
            default: escaped.append(character)
            }
            previous = character
        }
        if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
        return escaped
    }
}
