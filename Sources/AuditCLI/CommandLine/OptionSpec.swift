/// One option of a command, declared once: parsing, validation, `--help`, the man page and the completions all
/// read this value, so they cannot drift apart.
struct OptionSpec: Sendable, Hashable {
    /// What an option takes after its name.
    enum Kind: Sendable, Hashable {
        /// No value: present or not.
        case flag
        /// Any text.
        case string
        /// A file or folder; completions offer file names.
        case path
        /// A whole number within the range.
        case integer(ClosedRange<Int>)
        /// A finite number within the range; `unit` names it in errors and help ("seconds").
        case decimal(ClosedRange<Double>, unit: String)
        /// One of a fixed set of words.
        case choice([String])
        /// A comma-separated list of words from a fixed set.
        case choiceList([String])
        /// A part of a split run, `I/N`: N within the range, I from 1 to N.
        case shard(ClosedRange<Int>)
    }

    /// The long name with its dashes, `--timeout`.
    let name: String
    /// A one-letter alias with its dash, `-q`.
    let short: String?
    let kind: Kind
    /// Whether it may be given more than once (each value is kept, in order).
    let repeatable: Bool
    /// The default as the user would type it, shown in help; nil when absence means something else.
    let defaultValue: String?
    /// What absence means when it is not a value ("no limit"), shown in help as the default.
    let defaultHelp: String?
    /// The value's name in help, `SECONDS`.
    let placeholder: String
    /// One line for `--help`, the man page and the completions.
    let help: String

    init(
        _ name: String, short: String? = nil, _ kind: Kind, repeatable: Bool = false,
        default defaultValue: String? = nil,
        defaultHelp: String? = nil, placeholder: String? = nil, help: String
    ) {
        precondition(name.hasPrefix("--") && (short.map { $0.count == 2 && $0.hasPrefix("-") } ?? true))
        self.name = name
        self.short = short
        self.kind = kind
        self.repeatable = repeatable
        self.defaultValue = defaultValue
        self.defaultHelp = defaultHelp
        self.placeholder = placeholder ?? kind.placeholder
        self.help = help
    }

    /// A flag (no value).
    static func flag(_ name: String, short: String? = nil, help: String) -> OptionSpec {
        OptionSpec(name, short: short, .flag, help: help)
    }

    /// A choice among the raw values of an enumeration, in the order given.
    static func choice<T: RawRepresentable>(
        _ name: String, of values: [T], default defaultValue: T? = nil, help: String
    ) -> OptionSpec where T.RawValue == String {
        OptionSpec(name, .choice(values.map(\.rawValue)), default: defaultValue?.rawValue, help: help)
    }

    var takesValue: Bool { kind != .flag }

    /// The allowed values in words, for errors and help: "from 1 to 64", "error, warning or info".
    var allowed: String? {
        switch kind {
        case .flag, .string, .path: nil
        case .integer(let range): "a whole number from \(range.lowerBound) to \(range.upperBound)"
        case .decimal(let range, let unit):
            "a number of \(unit) from \(Self.number(range.lowerBound)) to \(Self.number(range.upperBound))"
        case .choice(let words): Self.alternatives(words)
        case .choiceList(let words): "a comma-separated list from \(Self.alternatives(words, joiner: "and"))"
        case .shard(let range): "I/N with N from \(range.lowerBound) to \(range.upperBound) and I from 1 to N"
        }
    }

    /// The words the completions offer, if any.
    var words: [String] {
        switch kind {
        case .choice(let words), .choiceList(let words): words
        default: []
        }
    }

    /// 3600 rather than 3600.0; 0.001 as written.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// "a, b or c".
    static func alternatives(_ words: [String], joiner: String = "or") -> String {
        guard words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " \(joiner) " + words.last!
    }
}

extension OptionSpec.Kind {
    /// The value's name in help when the declaration gives none.
    var placeholder: String {
        switch self {
        case .flag: ""
        case .string: "TEXT"
        case .path: "FILE"
        case .integer: "N"
        case .decimal(_, let unit): unit == "seconds" ? "SECONDS" : "NUMBER"
        case .choice(let words): words.joined(separator: "|")
        case .choiceList(let words): words.joined(separator: ",")
        case .shard: "I/N"
        }
    }
}

/// Options shown together under one heading.
struct OptionGroup: Sendable {
    let title: String
    let options: [OptionSpec]

    init(_ title: String, _ options: [OptionSpec]) {
        self.title = title
        self.options = options
    }
}
