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
        out += [".SH EXIT STATUS", escape(tool.exitStatus), ".SH SEE ALSO", ".BR curl (1)"]
        return out.joined(separator: "\n") + "\n"
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
