/// A usage error: a one-line message, the command's usage, exit code 2.
struct UsageError: Error {
    var message: String
    var usage: String
}

/// Exit codes of DESIGN §6; monitoring scripts rely on them.
enum ExitCode: Int32 {
    case success = 0
    case findings = 1
    case usage = 2
    case toolFailure = 3
    /// SIGINT or SIGTERM: the report of what finished was still written.
    case interrupted = 130
}

/// A minimal argument reader: options by name, repeatable options, flags, then positionals; anything unknown
/// is a usage error rather than being silently ignored.
struct Arguments {
    private var remaining: [String]
    let usage: String

    init(_ arguments: [String], usage: String) {
        remaining = arguments
        self.usage = usage
    }

    mutating func flag(_ names: String...) -> Bool {
        var found = false
        remaining.removeAll { argument in
            let hit = names.contains(argument)
            found = found || hit
            return hit
        }
        return found
    }

    /// Every value of a repeatable option, as `--name value` or `--name=value`.
    mutating func values(_ name: String) throws -> [String] {
        var result: [String] = []
        var kept: [String] = []
        var i = 0
        while i < remaining.count {
            let argument = remaining[i]
            if argument == "--" {
                kept += remaining[i...]
                break
            }
            if argument == name {
                guard i + 1 < remaining.count else {
                    throw UsageError(message: "\(name) needs a value", usage: usage)
                }
                result.append(remaining[i + 1])
                i += 2
                continue
            }
            if argument.hasPrefix(name + "=") {
                result.append(String(argument.dropFirst(name.count + 1)))
                i += 1
                continue
            }
            kept.append(argument)
            i += 1
        }
        remaining = kept
        return result
    }

    mutating func value(_ name: String) throws -> String? {
        let all = try values(name)
        guard all.count <= 1 else { throw UsageError(message: "\(name) was given more than once", usage: usage) }
        return all.first
    }

    /// The positionals left; an unknown `--option` is an error.
    mutating func positionals() throws -> [String] {
        var result: [String] = []
        var literal = false
        for argument in remaining {
            if literal {
                result.append(argument)
            } else if argument == "--" {
                literal = true
            } else if argument.hasPrefix("-") && argument != "-" {
                throw UsageError(message: "unknown option \(argument)", usage: usage)
            } else {
                result.append(argument)
            }
        }
        remaining = []
        return result
    }
}
