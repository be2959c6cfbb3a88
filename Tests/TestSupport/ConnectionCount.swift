import AASA
import Foundation

/// What the fixture server saw of one host name: the requests it sent and the connections (TLS handshakes) they
/// came over. Read from the server's connection counter, so it tells what happened on the wire, not what the client
/// believes it did.
public struct ConnectionCount: Sendable, Equatable {
    public var requests: Int
    public var connections: Int

    public init(requests: Int, connections: Int) {
        self.requests = requests
        self.connections = connections
    }
}

extension FixtureServer {
    /// Asks the server, through `fetcher`, how many requests and connections `host` has used so far. Use a host name
    /// of its own per test ("good--mytest.aasa.test" answers as "good"): the counts are for the server's lifetime.
    public func connections(of host: String, via fetcher: any HTTPFetching) async -> ConnectionCount? {
        let request = FetchRequest(
            url: "https://count.aasa.test/connections?host=\(host)", location: .page,
            policy: .aasaFile(userAgent: "aasa-audit tests"))
        let answer = await fetcher.fetch(request)
        guard answer.httpStatus == 200,
            let fields = try? JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Int],
            let requests = fields["requests"], let connections = fields["connections"]
        else { return nil }
        return ConnectionCount(requests: requests, connections: connections)
    }
}
