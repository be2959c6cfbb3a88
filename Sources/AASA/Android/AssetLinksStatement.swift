/// One element of the statement list, with how each verifier reads it.
public struct AssetLinksStatement: Sendable {
    /// Its position in the list (0-based, as in its JSON Pointer `/N`).
    public var index: Int
    public var node: JSONNode
    /// How AOSP's `StatementParser` reads it: a problem there fails the whole host (`FAILURE_UNKNOWN`).
    public var aosp: StatementReading
    /// How Google's Digital Asset Links reads it: a problem there skips only this statement.
    public var google: StatementReading
    /// The statement's `relation_extensions` object (Android 15's dynamic rules), kept for the checks that read it.
    public var relationExtensions: JSONNode?

    public init(index: Int, node: JSONNode) {
        self.index = index
        self.node = node
        aosp = AOSPStatementReader.read(node)
        google = DALStatementReader.read(node)
        relationExtensions = node["relation_extensions"]
    }
}

/// What one verifier makes of one statement.
public enum StatementReading: Sendable, Hashable {
    /// A statement it uses: relations and target.
    case statement(ReadStatement)
    /// An `include` directive: the verifier fetches this URL and reads the list there.
    case include(IncludeDirective)
    /// Ignored, the rest of the list still counts.
    case skipped(StatementProblem)
    /// The whole host fails for every app (AOSP only: its parser throws).
    case failsHost(StatementProblem)

    public var problem: StatementProblem? {
        switch self {
        case .skipped(let p), .failsHost(let p): p
        case .statement, .include: nil
        }
    }
}

/// Why a verifier skips a statement or fails the host, and the value it trips over.
public struct StatementProblem: Error, Sendable, Hashable {
    public var reason: String
    public var node: JSONNode

    public init(_ reason: String, at node: JSONNode) {
        self.reason = reason
        self.node = node
    }
}

/// A statement as a verifier uses it.
public struct ReadStatement: Sendable, Hashable {
    public var relations: [String]
    public var target: AssetTarget
}

/// A statement's target asset.
public enum AssetTarget: Sendable, Hashable {
    /// An app: its package name and certificate fingerprints exactly as written (the device compares them as strings).
    case app(package: String, fingerprints: [String])
    /// A site, normalised as `scheme://host[:port]` with the default port left out.
    case web(site: String)
}

/// An `include` statement's URL.
public struct IncludeDirective: Sendable, Hashable {
    public var url: String
    public var node: JSONNode
}
