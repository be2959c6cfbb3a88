import AASA
import Foundation

/// This machine's own interface addresses, read once per process with `getifaddrs`: a host a site names that
/// resolves to one of them (a public address of the server the audit runs on, say) reaches this machine's services
/// as surely as `localhost` does.
enum LocalAddresses {
    /// 4-byte IPv4 and 16-byte IPv6 addresses in network order; empty when the interfaces cannot be read (the
    /// loopback and private ranges are refused by class whatever this holds).
    static let all: Set<[UInt8]> = read()

    static func read() -> Set<[UInt8]> {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var found: Set<[UInt8]> = []
        var node: UnsafeMutablePointer<ifaddrs>? = first
        while let current = node {
            if let address = current.pointee.ifa_addr, let bytes = SocketAddress.bytes(address) { found.insert(bytes) }
            node = current.pointee.ifa_next
        }
        return found
    }
}

/// Reading and writing the addresses inside `sockaddr` values.
enum SocketAddress {
    /// The address of an AF_INET or AF_INET6 `sockaddr` in network order (4 or 16 bytes); nil for other families.
    static func bytes(_ address: UnsafePointer<sockaddr>) -> [UInt8]? {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                withUnsafeBytes(of: v4.pointee.sin_addr) { Array($0) }
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                withUnsafeBytes(of: v6.pointee.sin6_addr) { Array($0) }
            }
        default:
            return nil
        }
    }

    /// "127.0.0.1", "::1": the usual text of a 4- or 16-byte address.
    static func text(_ bytes: [UInt8]) -> String {
        let family = bytes.count == 4 ? AF_INET : AF_INET6
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let written = bytes.withUnsafeBytes { raw in
            inet_ntop(family, raw.baseAddress, &buffer, socklen_t(buffer.count))
        }
        guard written != nil else { return bytes.map(String.init).joined(separator: ".") }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The 4 or 16 bytes of a numeric address ("127.0.0.1", "::1", "[::1]"); nil for anything else.
    static func parse(_ text: String) -> [UInt8]? {
        var text = Substring(text)
        if text.hasPrefix("["), text.hasSuffix("]") { text = text.dropFirst().dropLast() }
        if let zone = text.firstIndex(of: "%") { text = text[..<zone] }
        var v4 = in_addr()
        if inet_pton(AF_INET, String(text), &v4) == 1 { return withUnsafeBytes(of: v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, String(text), &v6) == 1 { return withUnsafeBytes(of: v6) { Array($0) } }
        return nil
    }
}
