/// A command's whole interface, declared once: its positionals, options, the rules between options and the
/// exit-status paragraph. The parser, `--help`, the man page and the completions are all made from it.
struct CommandSpec: Sendable {
    let name: String
    /// One line for the command list and the man page's NAME-like summary.
    let summary: String
    let positionals: [PositionalSpec]
    let groups: [OptionGroup]
    let constraints: [Constraint]
    /// Paragraphs of description for `--help` and the man page.
    let description: [String]
    /// What each exit status means; nil for commands that only print.
    let exitStatus: String?
    /// Command lines a newcomer can start from, shown by `--help` and the man page's EXAMPLES.
    let examples: [Example]

    init(
        name: String, summary: String, examples: [Example] = [], positionals: [PositionalSpec] = [],
        groups: [OptionGroup] = [], constraints: [Constraint] = [], description: [String] = [],
        exitStatus: String? = nil
    ) {
        self.name = name
        self.summary = summary
        self.examples = examples
        self.positionals = positionals
        self.groups = groups
        self.constraints = constraints
        self.description = description
        self.exitStatus = exitStatus
        let names = options.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
        precondition(Set(names).count == names.count, "\(name) declares an option twice")
        precondition(!names.contains("--help") && !names.contains("-h"), "--help is every command's own")
    }

    /// Every option, in group order.
    var options: [OptionSpec] { groups.flatMap(\.options) }

    /// The option called `name` (long or short form).
    func option(named name: String) -> OptionSpec? {
        options.first { $0.name == name || $0.short == name }
    }

    /// `aasa-audit match (--file FILE | --domain DOMAIN) [options] URL ...`
    var synopsis: String {
        var parts = ["aasa-audit", name]
        for constraint in constraints {
            switch constraint {
            case .exactlyOne(let names), .atLeastOne(let names):
                parts.append(
                    "("
                        + names.compactMap(option(named:)).map { "\($0.name) \($0.placeholder)" }.joined(
                            separator: " | ") + ")")
            case .conflicts, .requires: break
            }
        }
        if !options.isEmpty { parts.append("[options]") }
        parts += positionals.map(\.synopsis)
        return parts.joined(separator: " ")
    }
}

/// One example: a whole command line and, in a few words, what it answers.
struct Example: Sendable {
    /// What it is for, as a sentence fragment ("check a file before deploying it").
    let purpose: String
    /// The command line as typed, starting with the tool's name; ASCII only (the man page is groff).
    let command: String
}

/// An argument that is not an option.
struct PositionalSpec: Sendable {
    /// How many of it a command takes.
    enum Arity: Sendable {
        case one, optional, zeroOrMore, oneOrMore
    }

    let placeholder: String
    let arity: Arity
    /// The only words allowed, if the positional is a choice (a shell name).
    let choices: [String]
    /// Whether completions offer file names.
    let isPath: Bool
    let help: String

    init(_ placeholder: String, _ arity: Arity, choices: [String] = [], isPath: Bool = false, help: String) {
        self.placeholder = placeholder
        self.arity = arity
        self.choices = choices
        self.isPath = isPath
        self.help = help
    }

    var synopsis: String {
        // A few choices are shown (bash|zsh|fish); many are named by the placeholder.
        let shown = choices.isEmpty || choices.count > 3 ? placeholder : choices.joined(separator: "|")
        switch arity {
        case .one: return shown
        case .optional: return "[\(shown)]"
        case .zeroOrMore: return "[\(shown) ...]"
        case .oneOrMore: return "\(shown) ..."
        }
    }
}

/// A rule between options that the parser enforces after reading them all.
enum Constraint: Sendable {
    /// Exactly one of these options must be given.
    case exactlyOne([String])
    /// One or more of these options must be given (the synopsis shows them as alternatives).
    case atLeastOne([String])
    /// These two options cannot be given together.
    case conflicts(String, String)
    /// The first option needs the second.
    case requires(String, String)

    /// The one-line error when the rule is broken by `given`, or nil.
    func violation(given: Set<String>) -> String? {
        switch self {
        case .exactlyOne(let names):
            let present = names.filter(given.contains)
            guard present.count != 1 else { return nil }
            return "give exactly one of \(OptionSpec.alternatives(names, joiner: "and"))"
                + (present.isEmpty ? "" : names.count == 2 ? ", not both" : ", not several")
        case .atLeastOne(let names):
            return names.contains(where: given.contains) ? nil : "give \(OptionSpec.alternatives(names))"
        case .conflicts(let a, let b):
            return given.contains(a) && given.contains(b) ? "give \(a) or \(b), not both" : nil
        case .requires(let a, let b):
            return given.contains(a) && !given.contains(b) ? "\(a) requires \(b)" : nil
        }
    }

    /// The options it names, for checking declarations.
    var names: [String] {
        switch self {
        case .exactlyOne(let names), .atLeastOne(let names): names
        case .conflicts(let a, let b), .requires(let a, let b): [a, b]
        }
    }
}
