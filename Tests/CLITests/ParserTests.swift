import AASA
import Testing

@testable import AuditCLI

@Suite struct ParserTests {
    @Test(arguments: allCommands.map(\.name))
    func everyOptionParsesAsSeparateAndJoinedValue(_ name: String) throws {
        let command = try #require(AuditTool.spec.command(named: name))
        let positionals = samplePositionals(command)
        for option in command.options {
            let extra = requiredCompanions(of: option, in: command)
            if option.kind == .flag {
                let options = try parsed([option.name] + positionals + extra, command)
                #expect(options.values[option.name] == [""], "\(option.name)")
                #expect(options.positionals == positionals)
                if let short = option.short {
                    #expect(try parsed(positionals + [short] + extra, command).has(option), "\(short)")
                }
                continue
            }
            for value in sampleValues(option) {
                let separate = try parsed(positionals + [option.name, value] + extra, command)
                let joined = try parsed(extra + ["\(option.name)=\(value)"] + positionals, command)
                #expect(separate.strings(option) == [value], "\(option.name) \(value)")
                #expect(joined.strings(option) == [value], "\(option.name)=\(value)")
                #expect(separate.positionals == positionals && joined.positionals == positionals)
            }
        }
    }

    /// All compatible options at once, in declaration order and reversed, with the positionals first, last
    /// and between: the same reading every time.
    @Test(arguments: allCommands.map(\.name))
    func orderDoesNotMatter(_ name: String) throws {
        let command = try #require(AuditTool.spec.command(named: name))
        let words = compatibleOptions(command).map { option in
            option.takesValue ? ["\(option.name)=\(sampleValues(option)[0])"] : [option.name]
        }
        let positionals = samplePositionals(command)
        let orders = [
            positionals + words.flatMap { $0 }, words.reversed().flatMap { $0 } + positionals,
            Array(words.prefix(2).joined()) + positionals + words.dropFirst(2).flatMap { $0 },
        ]
        let readings = try orders.map { try parsed($0, command) }
        for reading in readings.dropFirst() {
            #expect(reading.values == readings[0].values)
            #expect(reading.positionals == positionals)
        }
        #expect(readings[0].values.count == words.count)
    }

    @Test func repeatableOptionsCollectInOrder() throws {
        let options = try parsed(
            ["--connect-to", "a:1:b:2", "x.test", "--connect-to=c:3:d:4", "--domains", "f1", "--domains=f2"],
            AuditCommand.spec)
        #expect(options.strings(NetworkOptions.connectTo) == ["a:1:b:2", "c:3:d:4"])
        #expect(options.strings(AuditCommand.domains) == ["f1", "f2"])
        let match = try parsed(["--file", "f", "--app-id", "A.b", "/x", "--app-id", "C.d"], MatchCommand.spec)
        #expect(match.strings(MatchCommand.appID) == ["A.b", "C.d"])
    }

    @Test func typedValuesAndDefaults() throws {
        let none = try parsed(["x.test"], AuditCommand.spec)
        #expect(none.decimal(NetworkOptions.timeout) == 10)
        #expect(none.integer(AuditCommand.concurrency) == 32)
        #expect(none.integer(AuditCommand.maxDepth) == nil, "no default: no limit")
        #expect(none.choice(AuditCommand.failOn, as: Severity.self) == .error)
        #expect(none.choiceList(AuditCommand.format) == ["json", "html", "csv"])
        let some = try parsed(
            ["x.test", "--timeout", "2.5", "--fail-on=info", "--format", "csv,json,csv", "--max-depth", "3"],
            AuditCommand.spec)
        #expect(some.decimal(NetworkOptions.timeout) == 2.5)
        #expect(some.choice(AuditCommand.failOn, as: Severity.self) == .info)
        #expect(some.choiceList(AuditCommand.format) == ["csv", "json"])
        #expect(some.integer(AuditCommand.maxDepth) == 3)
    }

    @Test func doubleDashEndsOptions() throws {
        let options = try parsed(["--json", "--", "--file", "-h", "--"], RulesCommand.spec.withPositionals)
        #expect(options.flag(RulesCommand.json))
        #expect(options.positionals == ["--file", "-h", "--"])
        let match = try parsed(["--file", "f", "--", "--not-an-option"], MatchCommand.spec)
        #expect(match.positionals == ["--not-an-option"])
    }

    @Test func aLoneDashIsAPositional() throws {
        #expect(try parsed(["-"], CheckCommand.spec).positionals == ["-"])
        #expect(try parsed(["--file", "-", "/x"], MatchCommand.spec).string(MatchCommand.file) == "-")
    }

    @Test(arguments: [
        ["--help"], ["-h"], ["x", "--bogus", "-h"], ["--timeout", "0", "--help"], ["--help=yes", "-h"],
    ])
    func helpAnywhereShowsHelp(_ arguments: [String]) throws {
        guard case .help = try Parser.parse(arguments, for: AuditCommand.spec) else {
            Issue.record("no help for \(arguments)")
            return
        }
    }

    @Test func helpAfterDoubleDashIsAPositional() throws {
        #expect(try parsed(["--", "-h"], CheckCommand.spec).positionals == ["-h"])
    }

    @Test func aValueMayLookLikeANumberOrPath() throws {
        #expect(try parsed(["x", "--user-agent", "-x-"], AuditCommand.spec).string(AuditCommand.userAgent) == "-x-")
        #expect(
            try parsed(["x", "--user-agent=--quiet"], AuditCommand.spec).string(AuditCommand.userAgent) == "--quiet")
    }
}

extension CommandSpec {
    /// The same command taking any positionals, to see what `--` leaves.
    var withPositionals: CommandSpec {
        CommandSpec(
            name: name, summary: summary, positionals: [PositionalSpec("ARG", .zeroOrMore, help: "")], groups: groups,
            constraints: constraints)
    }
}
