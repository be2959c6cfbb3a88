import Foundation
import Testing

@testable import AuditCLI

/// Every command's declaration, as the tool lists them.
let allCommands = AuditTool.spec.commands

/// A value each option accepts, by kind (the range's ends, the last choice, every list item).
func sampleValues(_ option: OptionSpec) -> [String] {
    switch option.kind {
    case .flag: []
    case .string: option.name == "--connect-to" ? ["a.test:443:127.0.0.1:8443"] : ["some text"]
    case .path: ["/tmp/some file"]
    case .integer(let range): [String(range.lowerBound), String(range.upperBound)]
    case .decimal(let range, _): [OptionSpec.number(range.lowerBound), OptionSpec.number(range.upperBound)]
    case .choice(let words): [words.first!, words.last!]
    case .choiceList(let words): [words.joined(separator: ","), words.last!]
    case .shard(let range): ["1/\(range.lowerBound)", "\(range.upperBound)/\(range.upperBound)"]
    }
}

/// Positionals that satisfy a command's declaration.
func samplePositionals(_ command: CommandSpec) -> [String] {
    command.positionals.flatMap { positional -> [String] in
        let value = positional.choices.last ?? (positional.isPath ? "-" : "x.test")
        switch positional.arity {
        case .one, .optional: return [value]
        // "-2" would read as an option: a second path is a file name.
        case .zeroOrMore, .oneOrMore: return [value, positional.isPath ? "/tmp/x2" : value + "2"]
        }
    }
}

/// The options that can be given together: the first of each conflicting pair or exactly-one set, and what
/// each `requires` option needs.
func compatibleOptions(_ command: CommandSpec) -> [OptionSpec] {
    var excluded: Set<String> = []
    for constraint in command.constraints {
        switch constraint {
        case .conflicts(_, let b): excluded.insert(b)
        case .exactlyOne(let names): excluded.formUnion(names.dropFirst())
        case .atLeastOne, .requires: break
        }
    }
    return command.options.filter { !excluded.contains($0.name) }
}

/// Parses and expects a run, recording the error otherwise.
func parsed(
    _ arguments: [String], _ command: CommandSpec, sourceLocation: SourceLocation = #_sourceLocation
)
    throws -> ParsedOptions
{
    switch try Parser.parse(arguments, for: command) {
    case .help:
        Issue.record("help instead of a run for \(arguments)", sourceLocation: sourceLocation)
        throw UsageError("help")
    case .run(let options): return options
    }
}

/// The usage error a command line gives, or nil if it parses.
func parseError(_ arguments: [String], _ command: CommandSpec, others: [CommandSpec] = []) -> UsageError? {
    do {
        _ = try Parser.parse(arguments, for: command, others: others)
        return nil
    } catch {
        return error
    }
}

/// A fresh temporary folder.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes `text` to `name` in a fresh temporary folder.
func temporaryFile(_ text: String, name: String = "file.txt") throws -> URL {
    let url = try temporaryFolder().appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url
}

/// What the constraints demand beside `option`: the partner it requires, the first of an exactly-one set it is
/// not part of.
func requiredCompanions(of option: OptionSpec, in command: CommandSpec) -> [String] {
    var names: [String] = []
    for constraint in command.constraints {
        switch constraint {
        case .requires(let a, let b) where a == option.name: names.append(b)
        case .exactlyOne(let set) where !set.contains(option.name),
            .atLeastOne(let set) where !set.contains(option.name):
            names.append(set[0])
        default: break
        }
    }
    return names.flatMap { name -> [String] in
        guard let partner = command.option(named: name) else { return [] }
        return [partner.name] + sampleValues(partner).prefix(1)
    }
}
