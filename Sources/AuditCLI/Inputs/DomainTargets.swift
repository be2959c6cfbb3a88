import AASA
import Audit
import Fetching

/// The audit's targets: the entitlements' domains first, then the command line's and the lists', one target
/// per domain (a domain named twice keeps its first place and gathers the entries and notes of both).
enum DomainTargets {
    /// A command-line domain that cannot be audited is a usage error (every one named in one message): the
    /// command line is retyped in a second. A list's line that cannot be audited is an `InputError` naming its
    /// `FILE:LINE`, and the rest of the list is audited: one junk line must not cost a nightly run.
    static func merge(
        entitlements: [EntitlementEntry], arguments: [String], lists: [ListFile.Line], command: String
    ) throws(UsageError)
        -> (targets: [DomainTarget], inputErrors: [InputError])
    {
        var targets: [DomainTarget] = []
        var index: [String: Int] = [:]
        func add(_ target: DomainTarget) {
            if let existing = index[target.domain] {
                targets[existing].entries += target.entries
                targets[existing].notes += target.notes.filter { !targets[existing].notes.contains($0) }
            } else {
                index[target.domain] = targets.count
                targets.append(target)
            }
        }
        for entry in entitlements {
            // Entries Apple would reject are entitlement-entry-format findings; audit what can be audited.
            guard EntitlementEntryFormat.services.contains(entry.service), !entry.fileHost.isEmpty,
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
        var problems: [String] = []
        for input in arguments {
            switch DomainParser.parse(input) {
            case .success(let target): add(target)
            case .failure(let error): problems.append(error.description)
            }
        }
        guard problems.isEmpty else {
            throw UsageError("cannot audit: " + problems.joined(separator: "; "), command: command)
        }
        var refused: [InputError] = []
        for line in lists {
            switch DomainParser.parse(line.value) {
            case .success(let target): add(target)
            case .failure(let error):
                refused.append(InputError(input: line.value, source: line.source, reason: error.reason))
            }
        }
        return (targets, refused)
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
