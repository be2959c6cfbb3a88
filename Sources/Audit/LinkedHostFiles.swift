import AASA
import Foundation

/// `--judge-linked-hosts N`: the AASA files of up to N hosts the crawls linked to and the run does not audit, each
/// fetched once for the whole run, so links to them get a verdict instead of "unknown". Opt-in because a site
/// must not steer the auditor to hosts of its choosing by default (DESIGN §8): even then an IP literal is never
/// fetched, and the fetcher refuses a host that resolves to this machine or a private network unless a
/// `--connect-to` entry covers it. Hosts past N, refused or failing stay unknown, with the reason.
public actor LinkedHostFiles {
    /// What the rows on one linked host get.
    public enum Outcome: Sendable {
        /// Its file, which judges them.
        case file(Matcher)
        /// It answered without a file Apple reads (a 404, a redirect, a file that does not decode): they open
        /// nothing.
        case noFile
        /// Unknown, for this reason.
        case unknown(String)
    }

    private let fetcher: any HTTPFetching
    private let limit: Int
    /// The run's own domains: their files judge links to them once the run ends, so they take no place here.
    private let audited: Set<String>
    private let userAgent: String
    /// Once set, no new fetch starts.
    private let stop: StopSignal
    private var outcomes: [String: Task<Outcome, Never>] = [:]

    public init(
        fetcher: any HTTPFetching, limit: Int, audited: Set<String>, userAgent: String = UserAgents.apple,
        stop: StopSignal = .never
    ) {
        self.fetcher = fetcher
        self.stop = stop
        self.limit = max(0, limit)
        self.audited = audited
        self.userAgent = userAgent
    }

    /// Judges the rows of `table` (a crawl of `domain`) on every other host this run does not audit, hosts taken in
    /// the order their first row was found.
    public func judge(_ table: inout URLTable, crawled domain: String) async {
        for host in table.hostsInOrder() where host != domain && !audited.contains(host) {
            switch await outcome(of: host) {
            case .file(let matcher): table.judge(host: host, by: matcher)
            case .noFile: table.servesNoFile(host)
            case .unknown(let reason): table.leaveUnknown(host, because: reason)
            }
        }
    }

    /// The outcome for `host`, fetching its file the first time it is asked for while fewer than `limit` were.
    func outcome(of host: String) async -> Outcome {
        if let known = outcomes[host] { return await LinkedHostFiles.value(of: known) }
        // After SIGINT/SIGTERM no new fetch starts.
        if stop.isRequested || Task.isCancelled { return .unknown(StopSignal.unjudgedNote) }
        if IPLiteral.isIPAddress(host) {
            return .unknown(URLTable.ipAddressReason(host))
        }
        guard outcomes.count < limit else {
            return .unknown(
                "the file of \(host) was not read: --judge-linked-hosts \(limit) was used up by other hosts")
        }
        let task = Task { [fetcher, userAgent] in await LinkedHostFiles.fetch(host, fetcher, userAgent) }
        outcomes[host] = task
        return await LinkedHostFiles.value(of: task)
    }

    /// The task's outcome; a cancelled caller (SIGINT) cancels the fetch instead of waiting for its timeout.
    static func value(of task: Task<Outcome, Never>) async -> Outcome {
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// The well-known file, fetched as Apple's fetcher does (its user agent, size cap, no redirect), with the
    /// address guard on.
    static func fetch(_ host: String, _ fetcher: any HTTPFetching, _ userAgent: String) async -> Outcome {
        var policy = FetchPolicy.aasaFile(userAgent: userAgent)
        policy.guardsAddresses = true
        let exchange = await fetcher.fetch(
            FetchRequest(url: DomainProbe.url(host, .wellKnown), location: .wellKnown, policy: policy))
        switch exchange.failure {
        case nil:
            guard exchange.httpStatus == 200, let document = DecodedFile(bytes: exchange.body).document else {
                return .noFile
            }
            return .file(Matcher(document))
        case .cancelled:
            return .unknown(StopSignal.unjudgedNote)
        case .refused:
            return .unknown("the file of \(host) was not fetched: \(exchange.error ?? "the address is refused")")
        default:
            let why = exchange.error ?? exchange.failure?.rawValue ?? "no answer"
            return .unknown("the file of \(host) could not be fetched (\(why))")
        }
    }
}
