/// A command line read against a command's declaration: every value already checked against its option's
/// kind and range, so reading one back cannot fail.
struct ParsedOptions: Sendable {
    let command: CommandSpec
    /// The values of each option given, by long name, in command-line order (flags: one empty string per use).
    let values: [String: [String]]
    let positionals: [String]

    /// Whether the option was given at all.
    func has(_ option: OptionSpec) -> Bool { values[declared(option).name] != nil }

    func flag(_ option: OptionSpec) -> Bool {
        precondition(option.kind == .flag, "\(option.name) is not a flag")
        return has(option)
    }

    /// The value of a string, path or choice option given at most once.
    func string(_ option: OptionSpec) -> String? {
        precondition(option.takesValue && !option.repeatable, "\(option.name) is a flag or repeatable")
        return values[declared(option).name]?.last
    }

    /// Every value of a repeatable option, in order.
    func strings(_ option: OptionSpec) -> [String] {
        precondition(option.takesValue, "\(option.name) is a flag")
        return values[declared(option).name] ?? []
    }

    /// An integer option's value, else its declared default.
    func integer(_ option: OptionSpec) -> Int? {
        guard case .integer = option.kind else { preconditionFailure("\(option.name) is not an integer") }
        return (string(option) ?? option.defaultValue).flatMap { Int($0) }
    }

    /// An integer option that declares a default: its value, else that default. The declaration is the only place
    /// the default is written, so a caller has no fallback of its own to keep in step.
    func integer(defaulted option: OptionSpec) -> Int {
        guard let value = integer(option) else { preconditionFailure("\(option.name) declares no integer default") }
        return value
    }

    /// A decimal option that declares a default: its value, else that default.
    func decimal(defaulted option: OptionSpec) -> Double {
        guard let value = decimal(option) else { preconditionFailure("\(option.name) declares no decimal default") }
        return value
    }

    /// A decimal option's value, else its declared default.
    func decimal(_ option: OptionSpec) -> Double? {
        guard case .decimal = option.kind else { preconditionFailure("\(option.name) is not a decimal") }
        return (string(option) ?? option.defaultValue).flatMap { Double($0) }
    }

    /// A choice option's value (else its default) as the enumeration it was declared from.
    func choice<T: RawRepresentable>(_ option: OptionSpec, as type: T.Type) -> T? where T.RawValue == String {
        guard case .choice = option.kind else { preconditionFailure("\(option.name) is not a choice") }
        return (string(option) ?? option.defaultValue).flatMap(T.init(rawValue:))
    }

    /// A choice option that declares a default: its value, else that default, as the enumeration.
    func choice<T: RawRepresentable>(defaulted option: OptionSpec, as type: T.Type) -> T where T.RawValue == String {
        guard let value = choice(option, as: type) else { preconditionFailure("\(option.name) declares no default") }
        return value
    }

    /// A choice list's words (else its default's), duplicates kept once, in the order given.
    func choiceList(_ option: OptionSpec) -> [String] {
        guard case .choiceList = option.kind else { preconditionFailure("\(option.name) is not a choice list") }
        guard let text = string(option) ?? option.defaultValue else { return [] }
        var words: [String] = []
        for word in text.split(separator: ",").map(String.init) where !words.contains(word) { words.append(word) }
        return words
    }

    /// A shard option's `I/N` as numbers; nil when not given.
    func shard(_ option: OptionSpec) -> (index: Int, count: Int)? {
        guard case .shard = option.kind else { preconditionFailure("\(option.name) is not a shard") }
        return string(option).flatMap(Self.shard)
    }

    /// `I/N` read as two decimal numbers (digits only, no sign or spaces).
    static func shard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy(\.isASCII) }),
            let index = Int(parts[0]), let count = Int(parts[1]), parts.allSatisfy({ $0.allSatisfy(\.isNumber) })
        else { return nil }
        return (index, count)
    }

    /// Reading an option the command does not declare is a programming error, caught by the tests.
    private func declared(_ option: OptionSpec) -> OptionSpec {
        guard let found = command.option(named: option.name), found == option else {
            preconditionFailure("\(command.name) does not declare \(option.name)")
        }
        return found
    }
}
