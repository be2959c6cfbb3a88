import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension FixtureServer {
    /// How many requests the fixture's HTTPS listener has seen for `path` (with its query) on `host`, asked over
    /// its plain-HTTP listener with a blocking socket: no fetcher, so a test can wait for the moment a run reaches
    /// a page (`Binary.run(signalWhen:)`) instead of guessing how long that takes on a loaded machine. Nil when the
    /// server cannot be asked.
    public func requestsSeen(host: String, path: String) -> Int? {
        func escaped(_ text: String) -> String {
            text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))
                ?? text
        }
        let request = "GET /seen?host=\(escaped(host))&path=\(escaped(path)) HTTP/1.0\r\nHost: seen\r\n\r\n"
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(plainHTTPPort).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7f00_0001).bigEndian)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ send(fd, $0.baseAddress, $0.count, 0) }) == bytes.count else { return nil }
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            answer += buffer[..<count]
        }
        let text = String(decoding: answer, as: UTF8.self)
        guard text.hasPrefix("HTTP/1.0 200") || text.hasPrefix("HTTP/1.1 200"),
            let body = text.range(of: "\r\n\r\n").map({ text[$0.upperBound...] })
        else { return nil }
        return Int(body)
    }
}
