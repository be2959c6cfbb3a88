/// A `site` or `include` URL taken apart as `java.net.URL` and Google's DAL do: scheme, user info, host, port, the
/// path and query (`URL.getFile()`), fragment.
struct SiteURL: Hashable {
    var scheme: String
    var userInfo: String?
    var host: String
    /// The port as written; nil when absent.
    var port: String?
    /// `URL.getFile()`: path plus `?query` ("" when the URL ends after the authority).
    var file: String
    var path: String
    var query: String?
    var fragment: String?

    /// Nil when the text has no `scheme://`.
    init?(_ text: String) {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        scheme = String(text[..<schemeEnd.lowerBound]).lowercased()
        guard let first = scheme.unicodeScalars.first, first.properties.isAlphabetic,
            scheme.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || "+-.0123456789".unicodeScalars.contains($0))
            })
        else { return nil }
        var rest = text[schemeEnd.upperBound...]
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        file = String(rest[authorityEnd...])
        if let q = file.firstIndex(of: "?") {
            path = String(file[..<q])
            query = String(file[file.index(after: q)...])
        } else {
            path = file
        }
        if let at = authority.lastIndex(of: "@") {
            userInfo = String(authority[..<at])
            authority = authority[authority.index(after: at)...]
        }
        let portStart =
            authority.hasPrefix("[")
            ? authority.firstIndex(of: "]").map { authority.index(after: $0) } : authority.startIndex
        if let portStart, let colon = authority[portStart...].lastIndex(of: ":") {
            port = String(authority[authority.index(after: colon)...])
            authority = authority[..<colon]
        }
        host = String(authority).lowercased()
    }

    var isHTTP: Bool { scheme == "http" || scheme == "https" }

    /// The port as a number when it is one Java and DAL accept (digits, at most 65535); nil when absent.
    var portNumber: Int?? {
        guard let port else { return .some(nil) }
        guard !port.isEmpty, port.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), port.count <= 5, let n = Int(port),
            n <= 65535
        else { return nil }
        return .some(n)
    }

    /// `scheme://host[:port]`, the default port left out and a fully qualified name's final dot dropped (DAL test 2204).
    var origin: String {
        var name = host
        if name.hasSuffix(".") { name.removeLast() }
        let defaultPort = scheme == "https" ? 443 : 80
        if case .some(.some(let n)) = portNumber, n != defaultPort { return "\(scheme)://\(name):\(n)" }
        return "\(scheme)://\(name)"
    }
}
