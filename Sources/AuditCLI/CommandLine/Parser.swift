/// What a command line asks for: a command's help, or a run with its options read.
enum Invocation: Sendable {
    case help
    case run(ParsedOptions)
}

/// The one argument parser: reads a command's arguments against its declaration, in any order, and checks
/// every value, the positionals and the rules between options before anything runs.
///
/// `--opt value` and `--opt=value` both work; a repeatable option collects its values, any other may be given
/// once; a flag takes no value; `--` ends the options; `-` is a positional (standard input); `-h` or `--help`
/// anywhere before `--` asks for the command's help.
enum Parser {
    /// `others` are the tool's other commands, named when an unknown option is one of theirs.
    static func parse(
        _ arguments: [String], for command: CommandSpec, others: [CommandSpec] = []
    ) throws(UsageError)
        -> Invocation
    {
        let options = arguments.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") { return .help }
        var values: [String: [String]] = [:]
        var positionals: [String] = []
        var index = 0
        func fail(_ message: String) -> UsageError { UsageError(message, command: command.name) }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                positionals.append(argument)
                continue
            }
            let name: String
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            } else {
                name = argument
            }
            guard let option = command.option(named: name) else {
                throw fail(unknown(name, in: command, others: others))
            }
            if values[option.name] != nil && !option.repeatable {
                throw fail("\(option.name) was given more than once")
            }
            guard option.takesValue else {
                if inline != nil { throw fail("\(option.name) takes no value") }
                values[option.name, default: []].append("")
                continue
            }
            if inline == nil {
                guard index < arguments.count, !looksLikeOption(arguments[index], in: command) else {
                    throw fail("\(option.name) needs a value (\(option.placeholder))")
                }
                inline = arguments[index]
                index += 1
            }
            let value = inline ?? ""
            if let problem = check(value, for: option) { throw fail(problem) }
            values[option.name, default: []].append(value)
        }
        try checkPositionals(positionals, of: command)
        let given = Set(values.keys)
        for constraint in command.constraints {
            if let problem = constraint.violation(given: given) { throw fail(problem) }
        }
        return .run(ParsedOptions(command: command, values: values, positionals: positionals))
    }

    /// The error for an option this command does not have: the closest one it does, else the other commands
    /// that take it.
    static func unknown(_ name: String, in command: CommandSpec, others: [CommandSpec]) -> String {
        let candidates = command.options.map(\.name) + ["--help"]
        if name.hasPrefix("--"), let guess = EditDistance.suggestion(for: name, among: candidates) {
            return "unknown option \(name) (did you mean \(guess)?)"
        }
        // `completions --bash`: the word is one of a positional's choices, written as an option.
        let word = String(name.drop { $0 == "-" })
        if command.positionals.contains(where: { $0.choices.contains(word) }) {
            return "unknown option \(name) (did you mean '\(command.name) \(word)'?)"
        }
        let owners = others.filter { $0.name != command.name && $0.option(named: name) != nil }.map(\.name)
        guard !owners.isEmpty else { return "unknown option \(name)" }
        return "unknown option \(name) (an option of \(OptionSpec.alternatives(owners)))"
    }

    /// A declared option name (or `--name=...`) where a value should be: the value was left out.
    static func looksLikeOption(_ argument: String, in command: CommandSpec) -> Bool {
        let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
        return command.option(named: name) != nil || name == "--help" || name == "-h" || name == "--"
    }

    /// Why `value` is not acceptable for `option`, or nil.
    static func check(_ value: String, for option: OptionSpec) -> String? {
        let wrong = "\(option.name) takes \(option.allowed ?? "a value"), not \(value.isEmpty ? "nothing" : value)"
        switch option.kind {
        case .flag:
            return "\(option.name) takes no value"
        case .string, .path:
            return value.isEmpty ? "\(option.name) needs a value (\(option.placeholder))" : nil
        case .integer(let range):
            guard let number = Int(value), range.contains(number) else { return wrong }
            return nil
        case .decimal(let range, _):
            // Double("inf") and Double("nan") parse; neither is a number of seconds.
            guard let number = Double(value), number.isFinite, range.contains(number) else { return wrong }
            return nil
        case .choice(let words):
            guard !words.contains(value) else { return nil }
            return wrong + (EditDistance.suggestion(for: value, among: words).map { " (did you mean \($0)?)" } ?? "")
        case .choiceList(let words):
            let items = value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard !items.isEmpty, !items.allSatisfy(words.contains) else { return nil }
            // Each unknown word replaced by its nearest; a suggestion only when every one has one.
            let guesses = items.map { words.contains($0) ? $0 : EditDistance.suggestion(for: $0, among: words) }
            guard !items.contains(""), guesses.allSatisfy({ $0 != nil }) else { return wrong }
            return wrong + " (did you mean \(guesses.compactMap { $0 }.joined(separator: ","))?)"
        case .shard(let range):
            guard let (index, count) = ParsedOptions.shard(value), range.contains(count), (1...count).contains(index)
            else { return wrong }
            return nil
        }
    }

    static func checkPositionals(_ given: [String], of command: CommandSpec) throws(UsageError) {
        var remaining = given[...]
        for positional in command.positionals {
            switch positional.arity {
            case .one, .oneOrMore:
                guard let first = remaining.first else {
                    throw UsageError("missing \(positional.placeholder)", command: command.name)
                }
                try checkChoice(first, of: positional, in: command)
                remaining = positional.arity == .one ? remaining.dropFirst() : []
            case .optional:
                if let first = remaining.first {
                    try checkChoice(first, of: positional, in: command)
                    remaining = remaining.dropFirst()
                }
            case .zeroOrMore:
                remaining = []
            }
        }
        if let extra = remaining.first {
            let takes =
                command.positionals.isEmpty
                ? "\(command.name) takes no arguments"
                : "\(command.name) takes "
                    + command.positionals.map { ($0.arity == .one ? "one " : "") + $0.synopsis }.joined(separator: " ")
            throw UsageError("unexpected argument \(extra): \(takes)", command: command.name)
        }
    }

    static func checkChoice(
        _ value: String, of positional: PositionalSpec, in command: CommandSpec
    )
        throws(UsageError)
    {
        guard !positional.choices.isEmpty, !positional.choices.contains(value) else { return }
        let guess = EditDistance.suggestion(for: value, among: positional.choices)
        throw UsageError(
            "\(positional.placeholder) is \(OptionSpec.alternatives(positional.choices)), not \(value)"
                + (guess.map { " (did you mean \($0)?)" } ?? ""), command: command.name)
    }
}
