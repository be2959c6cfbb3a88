import Foundation

/// Everything fetched for one domain's Android App Links audit (`audit --android`): the Android transport checks'
/// input, as `DomainProbe` is Apple's.
public struct AndroidProbe: Sendable {
    public var domain: String
    /// `/.well-known/assetlinks.json` with Android's verifier's user agent, size limit and no redirect followed.
    public let assetLinks: Exchange
    /// Google's Digital Asset Links API answer for the host; nil with `--no-dal`.
    public let google: Exchange?
    /// robots.txt keeps Google's crawler away from the file: true or false when robots.txt was read, nil otherwise.
    public var robotsDisallows: Bool?
    /// The file, decoded once, when it was served (200, complete).
    public let file: AssetLinksFile?
    /// The Digital Asset Links API's answer, decoded once; nil when it was not fetched, did not answer 200 or is not
    /// the API's JSON.
    public let googleAnswer: GoogleStatementList?
    /// The bodies of the files its `include` statements name that answered 200, by URL.
    public var included: [String: [UInt8]]
    /// The app the audit is about (`--android-manifest`, `--android-package`); nil: every app the file names.
    public var app: AndroidApp?

    public init(
        domain: String, assetLinks: Exchange, google: Exchange? = nil, robotsDisallows: Bool? = nil,
        included: [String: [UInt8]] = [:]
    ) {
        self.domain = domain
        self.assetLinks = assetLinks
        self.google = google
        self.robotsDisallows = robotsDisallows
        self.included = included
        file = Self.complete(assetLinks) ? AssetLinks.read(bytes: assetLinks.body) : nil
        googleAnswer = google.flatMap {
            Self.complete($0) ? try? JSONDecoder().decode(GoogleStatementList.self, from: Data($0.body)) : nil
        }
    }

    /// A 200 answer read whole.
    static func complete(_ exchange: Exchange) -> Bool {
        exchange.httpStatus == 200 && exchange.failure == nil && !exchange.truncated
    }

    /// What the included files answered, for the readers' `resolve`.
    public var resolve: AssetLinksFile.IncludeResolver { { [included] in included[$0] } }

    /// Google's Digital Asset Links API: `statements:list`, which Google's tooling (and, by its documentation, Play
    /// services' verifier) reads the site's statements through, from Google's cache.
    public static let googleAPI = "https://digitalassetlinks.googleapis.com/v1/statements:list"
    public static let path = "/.well-known/assetlinks.json"
    public static let relation = "delegate_permission/common.handle_all_urls"

    /// The API request for `domain`'s App Links statements, on `base` (`--dal-base`, a stand-in in tests).
    public static func googleURL(base: String, domain: String) -> String {
        base + "?source.web.site=https%3A%2F%2F" + domain + "&relation=" + relation
    }

    /// The run was cancelled while fetching: the domain is not reported from this.
    public var cancelled: Bool { assetLinks.failure == .cancelled || google?.failure == .cancelled }

    /// The file answered 200, completely: the statement checks can read it.
    public var served: Bool { Self.complete(assetLinks) }
}

/// What the Digital Asset Links API's `statements:list` answers (developers.google.com/digital-asset-links/reference/
/// rest/v1/statements/list): the statements Google holds for the site, or error codes saying why it holds none.
public struct GoogleStatementList: Decodable, Sendable, Equatable {
    public struct Statement: Decodable, Sendable, Equatable {
        public struct Target: Decodable, Sendable, Equatable {
            public struct AndroidApp: Decodable, Sendable, Equatable {
                public struct Certificate: Decodable, Sendable, Equatable {
                    public var sha256Fingerprint: String?
                }
                public var packageName: String?
                public var certificate: Certificate?
            }
            public var androidApp: AndroidApp?
        }
        public var relation: String?
        public var target: Target?
    }

    public var statements: [Statement]?
    public var errorCode: [String]?
    public var debugString: String?
    public var maxAge: String?
}
