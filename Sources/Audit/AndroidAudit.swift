import AASA
import Foundation

/// How `audit --android` reads a domain: assetlinks.json as Android's verifier fetches it, robots.txt for Google's
/// crawler, and Google's Digital Asset Links API for Google's view of the file.
public struct AndroidAudit: Sendable {
    /// `statements:list` of Google's API (`--dal-base`, a stand-in in tests); nil skips Google's view (`--no-dal`).
    public var googleBase: String?
    /// Whether a robots.txt body disallows a path for Googlebot. Given by the command layer, which owns the
    /// robots.txt parser (Crawling), so this layer needs none of its own; nil leaves robots.txt unread.
    public var robotsDisallows: (@Sendable (_ robotsTxt: [UInt8], _ path: String) -> Bool)?
    /// The app the audit is about (`--android-manifest`, `--android-package`): each host says whether it verifies
    /// it (`android-app-not-verified`); nil: the apps each file names.
    public var app: AndroidApp?
    /// The app's manifest (`--android-manifest`): with `--crawl`, every crawled URL is judged for it.
    public var manifest: AndroidManifest?

    public init(
        googleBase: String? = AndroidProbe.googleAPI,
        robotsDisallows: (@Sendable (_ robotsTxt: [UInt8], _ path: String) -> Bool)? = nil
    ) {
        self.googleBase = googleBase
        self.robotsDisallows = robotsDisallows
    }

    /// robots.txt is read up to this size, as the crawl reads it.
    static let robotsBytes = 512 * 1024

    /// Fetches what the Android checks read (`cancelled` when the run was).
    public func probe(_ target: DomainTarget, fetcher: any HTTPFetching) async -> AndroidProbe {
        let domain = target.domain
        func request(_ url: String, _ location: FetchLocation, _ policy: FetchPolicy, guarded: Bool) -> FetchRequest {
            var policy = policy
            policy.guardsAddresses = guarded && target.siteNamed
            return FetchRequest(url: url, location: location, policy: policy)
        }
        // Google's API is the user's choice of host (`--dal-base`), never the site's: not guarded.
        async let google: Exchange? = googleBase.map {
            request(AndroidProbe.googleURL(base: $0, domain: domain), .dal, .googleAPI(), guarded: false)
        }.asyncMap { await fetcher.fetch($0) }
        let file = await fetcher.fetch(
            request(DomainProbe.url(domain, .assetLinks), .assetLinks, .assetLinks(), guarded: true))
        var robots: Bool?
        if let judge = robotsDisallows, file.failure == nil {
            let answer = await fetcher.fetch(
                request(
                    "https://\(domain)/robots.txt", .page,
                    .crawlFile(userAgent: UserAgents.tool, maxBytes: Self.robotsBytes), guarded: true))
            robots = Self.disallows(answer, judge)
        }
        var probe = AndroidProbe(domain: domain, assetLinks: file, google: await google, robotsDisallows: robots)
        probe.app = app
        probe.included = await included(probe.file?.fetchableIncludes ?? [], fetcher: fetcher)
        return probe
    }

    /// The included files that answered 200, fetched at once. The site names them: always through the address
    /// guard, as Android's verifier would fetch them (its user agent, its size limit, no redirect).
    func included(_ urls: [String], fetcher: any HTTPFetching) async -> [String: [UInt8]] {
        await withTaskGroup(of: (String, Exchange).self) { group in
            for url in urls {
                var policy = FetchPolicy.assetLinks()
                policy.guardsAddresses = true
                let request = FetchRequest(url: url, location: .assetLinks, policy: policy)
                group.addTask { (url, await fetcher.fetch(request)) }
            }
            var bodies: [String: [UInt8]] = [:]
            for await (url, answer) in group
            where answer.httpStatus == 200 && answer.failure == nil && !answer.truncated {
                bodies[url] = answer.body
            }
            return bodies
        }
    }

    /// What robots.txt says of the file, as Google reads it: a 4xx is no robots.txt (everything allowed), a 200 is
    /// judged, anything else (a failure, a 5xx) is left unknown.
    static func disallows(
        _ answer: Exchange, _ judge: @Sendable (_ robotsTxt: [UInt8], _ path: String) -> Bool
    ) -> Bool? {
        guard answer.failure == nil, let status = answer.httpStatus else { return nil }
        if (400..<500).contains(status) { return false }
        guard status == 200 else { return nil }
        return judge(answer.body, AndroidProbe.path)
    }
}
