/// Document examples written as JSON text, or as raw bytes for encoding-level checks; each is decoded once, here.
extension Example where Evidence == DecodedFile {
    public static func passing(_ json: String) -> Example { passing(bytes: Array(json.utf8)) }
    public static func failing(_ json: String, at pointers: [String]) -> Example {
        failing(bytes: Array(json.utf8), at: pointers)
    }
    public static func passing(bytes: [UInt8]) -> Example { Example(DecodedFile(bytes: bytes), locations: []) }
    public static func failing(bytes: [UInt8], at pointers: [String]) -> Example {
        Example(DecodedFile(bytes: bytes), locations: pointers)
    }
}

/// Entitlement examples written as the associated-domains lines, in order.
extension Example where Evidence == Entitlements {
    public static func passing(entitlements lines: [String]) -> Example {
        Example(Entitlements(exampleLines: lines), locations: [])
    }
    public static func failing(entitlements lines: [String], at pointers: [String]) -> Example {
        Example(Entitlements(exampleLines: lines), locations: pointers)
    }
}

extension Entitlements {
    /// An entitlements file `x` with these entries and no app ID.
    init(exampleLines lines: [String]) {
        self.init(file: "x", appID: nil, entries: lines.enumerated().map { EntitlementEntry(raw: $1, index: $0) })
    }
}

/// Transport examples: the healthy probe passes (with any others given), and each failing probe's finding lands on
/// one URL, the well-known one unless another is named.
extension Examples where Evidence == DomainProbe {
    public static func failing(
        _ probes: [DomainProbe], at url: String = ExampleProbe.wellKnownURL, alsoPassing: [DomainProbe] = []
    ) -> Examples {
        Examples(
            passing: [.passing(ExampleProbe.healthy())] + alsoPassing.map { .passing($0) },
            failing: probes.map { .failing($0, at: [url]) })
    }

    public static func wellKnownFailing(_ probes: DomainProbe...) -> Examples { failing(probes) }

    /// Each failing probe made the well-known fetch alone (it failed before the others), answered as given.
    public static func wellKnownAloneFailing(_ exchanges: Exchange...) -> Examples {
        Examples(
            passing: [.passing(ExampleProbe.healthy())],
            failing: exchanges.map { .failing(ExampleProbe.alone($0), at: [ExampleProbe.wellKnownURL]) })
    }
}

/// Examples of Apple's CDN copy: a copy equal to the site's passes, and each failing probe carries the CDN answer
/// given, its finding on the CDN URL.
extension Examples where Evidence == DomainProbe {
    public static func cdnFailing(_ answers: Exchange...) -> Examples {
        Examples(
            passing: [.passing(ExampleProbe.withCDN(ExampleProbe.exchange(.cdn)))],
            failing: answers.map {
                .failing(ExampleProbe.withCDN($0), at: [DomainProbe.url(ExampleProbe.domain, .cdn)])
            })
    }
}

/// The rules checks' example file: one entry for 9JA89QQLNQ.com.acme.shop whose other members (raw JSON) follow its
/// `appIDs`.
enum ExampleEntry {
    static func file(_ members: String) -> String {
        #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "# + members + "}]}}"
    }

    /// An entry in the components format only.
    static let components = file(#""components": [{"/": "/a/*"}]"#)
}
