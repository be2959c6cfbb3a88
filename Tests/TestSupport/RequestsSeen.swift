import Foundation

extension FixtureServer {
    /// How many requests the fixture has answered for `path` (with its query) on `host`: its `GET /connections`,
    /// asked with the curl CLI through the fixture's own mappings (as the links tests ask it), blocking, so a test
    /// can wait for the moment a run reaches a page (`Binary.run(signalWhen:)`) instead of guessing how long that
    /// takes on a loaded machine. Nil when the server cannot be asked.
    public func requestsSeen(host: String, path: String) -> Int? {
        let query = [URLQueryItem(name: "host", value: host), URLQueryItem(name: "path", value: path)]
        var url = URLComponents(string: "https://count.aasa.test/connections")
        url?.queryItems = query
        guard let address = url?.string,
            let result = try? Binary.runBlocking(
                ["-s", "--cacert", caPath] + connectTo.flatMap { ["--connect-to", $0] } + [address],
                program: URL(fileURLWithPath: "/usr/bin/curl")),
            let fields = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Int]
        else { return nil }
        return fields["requests"]
    }
}
