import AASA
import Audit
import Fetching

/// The audit's targets: the entitlements' domains first, then the command line's and the lists', one target
/// per domain (a domain named twice keeps its first place and gathers the entries and notes of both). Lists are
/// added while they are read, so a list past `maximumDomains` is refused before the rest of it is read.
struct DomainTargets {
    /// Domains per run at most: 10 times the largest run benchmarked (100,000 domains); a run over more lines is
    /// split into several runs (each `--shard` reads the whole list).
    static let maximumDomains = 1_000_000

    private(set) var targets: [DomainTarget] = []
    /// Lines of the lists that cannot be audited, the first `RefusedInputs.kept` with their `FILE:LINE`.
    private(set) var refused = RefusedInputs()
    private var index: [String: Int] = [:]
    /// Values read from the lists so far, refused ones included.
    private(set) var listed = 0
    /// `audit --android`: the command line's and the lists' domains get the Android audit too; the entitlements'
    /// alone do not (they name iOS hosts).
    var android = false

    init() {}

    /// A command-line domain that cannot be audited is a usage error (every one named in one message): the
    /// command line is retyped in a second. A list's line that cannot be audited is an `InputError` naming its
    /// `FILE:LINE`, and the rest of the list is audited: one junk line must not cost a nightly run.
    static func merge(
        entitlements: [EntitlementEntry], arguments: [String], lists: [ListFile.Line], command: String
    ) throws(UsageError)
        -> (targets: [DomainTarget], inputErrors: [InputError])
    {
        var built = DomainTargets()
        built.add(entitlements: entitlements)
        try built.add(arguments: arguments, command: command)
        for line in lists { built.add(line.value, source: line.source) }
        return (built.targets, built.refused.errors)
    }

    private mutating func add(_ target: DomainTarget) {
        if let existing = index[target.domain] {
            targets[existing].entries += target.entries
            targets[existing].notes += target.notes.filter { !targets[existing].notes.contains($0) }
            targets[existing].android = targets[existing].android || target.android
            targets[existing].ios = targets[existing].ios || target.ios
        } else {
            index[target.domain] = targets.count
            targets.append(target)
        }
    }

    mutating func add(entitlements: [EntitlementEntry]) {
        for entry in entitlements {
            // Entries Apple would reject are entitlement-entry-format findings; audit what can be audited.
            guard AppleService.all.contains(entry.service), !entry.fileHost.isEmpty,
                case .success(var target) = DomainParser.parse(entry.fileHost)
            else { continue }
            target.entries = [entry]
            target.input = nil
            if entry.isWildcard {
                target.notes.append(
                    "\(entry.raw) is served by this apex file: it covers every subdomain of \(target.domain) that has no entry of its own"
                )
            }
            add(target)
        }
    }

    mutating func add(arguments: [String], command: String) throws(UsageError) {
        var problems: [String] = []
        for input in arguments {
            switch DomainParser.parse(input) {
            case .success(var target):
                target.android = android
                add(target)
            case .failure(let error): problems.append(error.description)
            }
        }
        guard problems.isEmpty else {
            throw UsageError("cannot audit: " + problems.joined(separator: "; "), command: command)
        }
    }

    /// The hosts the Android manifest's App Link filters verify: each gets the Android audit, and one named nowhere
    /// else gets it alone (no iOS audit). A host no domain parser accepts (an IP address, a placeholder) is left out:
    /// the manifest's own problems name it.
    mutating func add(androidHosts: [String]) {
        for host in androidHosts {
            guard case .success(var target) = DomainParser.parse(host) else { continue }
            target.android = true
            target.ios = false  // merged with an existing target, it keeps that one's iOS audit
            target.input = nil
            add(target)
        }
    }

    /// One value of a list; `source` is built only when the line is kept as refused.
    mutating func add(_ value: String, source: @autoclosure () -> String) {
        switch DomainParser.parse(value) {
        case .success(var target):
            target.android = android
            add(target)
        case .failure(let error):
            refused.append(InputError(input: String(value.prefix(200)), source: source(), reason: error.reason))
        }
    }

    /// A `--domains` file, read a line at a time; past `maximumDomains` values in all lists it is refused.
    mutating func add(list path: String, command: String) throws(UsageError) {
        let name = ListFile.name(path)
        try DomainList.read(path, command: command) { item throws(UsageError) in
            listed += 1
            if listed > Self.maximumDomains {
                throw UsageError(
                    "\(InputFile.name(path)) takes the run past \(RefusedInputs.grouped(Self.maximumDomains)) domains: "
                        + "split the list into several runs", command: command)
            }
            switch item {
            case .value(let value, let line): add(value, source: "\(name):\(line)")
            case .refused(let input, let line, let reason):
                refused.append(InputError(input: input, source: "\(name):\(line)", reason: reason))
            }
        }
    }

    /// A shard's share of the targets (`audit --shard I/N`), in their order, and the shard with the whole list it
    /// was taken from recorded. Entitlement domains are shared out like the others: the entitlements file's own
    /// findings are in every shard's report and `merge` keeps them once.
    static func select(_ targets: [DomainTarget], shard: Shard) -> (targets: [DomainTarget], shard: Shard) {
        var recorded = shard
        recorded.record(whole: targets.map(\.domain))
        return (targets.filter { shard.contains($0.domain) }, recorded)
    }
}
