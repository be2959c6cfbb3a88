extension AssetLinksFile {
    /// Included files fetched for one host at most, as Google's budget (`googleIncludeBudget`) reads them.
    public static let includeFetchLimit = googleIncludeBudget

    /// The `include` URLs of this file an audit may fetch: https, named by a host name on the default port with no
    /// user info (the site controls them: `android-include` reports the others), each once, at most
    /// `includeFetchLimit`. Android reads one level, so an included file's own includes are never asked for.
    public var fetchableIncludes: [String] {
        var urls: [String] = []
        for statement in statements {
            for reading in [statement.aosp, statement.google] {
                guard case .include(let directive) = reading, !urls.contains(directive.url),
                    let url = SiteURL(directive.url), url.scheme == "https", AndroidInclude.refusal(url) == nil
                else { continue }
                urls.append(directive.url)
            }
        }
        return Array(urls.prefix(Self.includeFetchLimit))
    }
}

/// The App Links statements of a list as (package, fingerprint) pairs: what the site grants, comparable with what
/// Google's API holds.
public struct AppLinkGrant: Hashable, Sendable, Comparable {
    public var package: String
    public var fingerprint: String

    public static func < (a: AppLinkGrant, b: AppLinkGrant) -> Bool {
        (a.package, a.fingerprint) < (b.package, b.fingerprint)
    }

    public var description: String { "\(package) (\(fingerprint))" }

    /// The grants of the statements a verifier read.
    public static func of(_ list: StatementList) -> Set<AppLinkGrant> {
        var grants = Set<AppLinkGrant>()
        for statement in list.statements where statement.relations.contains(AssetLinks.handleAllURLs) {
            guard case .app(let package, let fingerprints) = statement.target else { continue }
            for fingerprint in fingerprints { grants.insert(AppLinkGrant(package: package, fingerprint: fingerprint)) }
        }
        return grants
    }
}
