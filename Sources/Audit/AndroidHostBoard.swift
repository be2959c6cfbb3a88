import AASA
import Foundation

/// The Android probes of the hosts the app's manifest verifies, each fetched once per run: by its own domain's
/// audit, or by the first crawl whose rows need it (a link from one of the app's hosts to another). Every crawl then
/// judges its rows on every such host with that host's real file, whatever order the domains finish in.
public final class AndroidHostBoard: Sendable {
    private let audit: AndroidAudit
    private let fetcher: any HTTPFetching
    /// The verification hosts of the manifest (`AndroidManifest.verifiedHosts`).
    public let hosts: Set<String>
    private let probes = Locked<[String: Task<AndroidProbe, Never>]>([:])

    public init(audit: AndroidAudit, fetcher: any HTTPFetching) {
        self.audit = audit
        self.fetcher = fetcher
        hosts = Set(audit.manifest?.verifiedHosts ?? [])
    }

    /// The host's probe, fetched now or by whoever asked first. Cancelling the asker cancels the fetch: the run is
    /// stopping.
    func probe(_ target: DomainTarget) async -> AndroidProbe {
        let task = probes.withLock { probes in
            if let started = probes[target.domain] { return started }
            let started = Task { [audit, fetcher] in await audit.probe(target, fetcher: fetcher) }
            probes[target.domain] = started
            return started
        }
        return await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }
}
