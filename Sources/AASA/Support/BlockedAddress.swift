/// Why an address must not be reached because a site or a file named its host: it belongs to this machine or to a
/// network behind it, where a redirect could otherwise steer the auditor at an internal service (issue 23).
///
/// Hosts the user names are never classified: this judges only hosts a site or a file named. IPv6 forms that carry
/// an IPv4 address (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`, NAT64 `64:ff9b::/96` and 6to4
/// `2002::/16`) are judged by the IPv4 address they carry, since that is where the packets end up.
public enum BlockedAddress: String, Sendable, CaseIterable {
    /// 127/8, ::1, and the names `localhost` and `*.localhost` (RFC 6761; libcurl answers those itself).
    case loopback
    /// RFC 1918 (10/8, 172.16/12, 192.168/16), RFC 4193 (fc00::/7), the deprecated site-local fec0::/10 and the
    /// local-use NAT64 prefix 64:ff9b:1::/48 (RFC 8215).
    case privateNetwork = "private"
    /// 169.254/16, fe80::/10.
    case linkLocal = "link-local"
    /// 0/8 and ::, which connect to this machine.
    case unspecified
    /// 224/4, ff00::/8.
    case multicast
    /// 100.64/10 (RFC 6598), the carrier's side of a NAT.
    case carrierGradeNAT = "carrier-grade NAT"
    /// 240/4, the limited broadcast address 255.255.255.255 included.
    case reserved
    /// One of this machine's own interface addresses.
    case thisMachine = "this machine"

    /// "a loopback address (this machine)": the words a refusal uses.
    public var phrase: String {
        switch self {
        case .loopback: "a loopback address (this machine)"
        case .privateNetwork: "a private address"
        case .linkLocal: "a link-local address"
        case .unspecified: "an unspecified address (this machine)"
        case .multicast: "a multicast address"
        case .carrierGradeNAT: "a carrier-grade NAT address"
        case .reserved: "a reserved or broadcast address"
        case .thisMachine: "one of this machine's own addresses"
        }
    }

    /// The class of a 4-byte (IPv4) or 16-byte (IPv6) address in network order, or nil when it may be reached.
    /// `own` holds this machine's addresses in the same form; other lengths are refused as reserved.
    public static func classify(_ address: [UInt8], own: Set<[UInt8]> = []) -> BlockedAddress? {
        switch address.count {
        case 4: classifyV4(address, own: own)
        case 16: classifyV6(address, own: own)
        default: .reserved
        }
    }

    /// `localhost`, `*.localhost` (any case, with or without the final dot) are loopback by name (RFC 6761 §6.3):
    /// libcurl resolves them to 127.0.0.1 and ::1 without asking the resolver, so no address check would see them.
    public static func classify(name: String) -> BlockedAddress? {
        var name = Substring(name.lowercased())
        if name.hasSuffix(".") { name = name.dropLast() }
        return name == "localhost" || name.hasSuffix(".localhost") ? .loopback : nil
    }

    static func classifyV4(_ a: [UInt8], own: Set<[UInt8]>) -> BlockedAddress? {
        switch (a[0], a[1]) {
        case (0, _): return .unspecified
        case (10, _): return .privateNetwork
        case (100, 64...127): return .carrierGradeNAT
        case (127, _): return .loopback
        case (169, 254): return .linkLocal
        case (172, 16...31): return .privateNetwork
        case (192, 168): return .privateNetwork
        case (224...239, _): return .multicast
        case (240...255, _): return .reserved
        default: return own.contains(a) ? .thisMachine : nil
        }
    }

    static func classifyV6(_ a: [UInt8], own: Set<[UInt8]>) -> BlockedAddress? {
        let v4 = Array(a[12..<16])
        // :: and ::1; ::a.b.c.d below 1.0.0.0 is 0/8 too.
        if a[0..<15].allSatisfy({ $0 == 0 }) { return a[15] == 1 ? .loopback : .unspecified }
        // IPv4-compatible ::a.b.c.d (the first 96 bits zero) and IPv4-mapped ::ffff:a.b.c.d.
        if a[0..<12].allSatisfy({ $0 == 0 }) { return classifyV4(v4, own: own) }
        if a[0..<10].allSatisfy({ $0 == 0 }), a[10] == 0xFF, a[11] == 0xFF { return classifyV4(v4, own: own) }
        // NAT64 well-known prefix 64:ff9b::/96 carries the IPv4 address in its last 32 bits.
        if a[0..<12].elementsEqual([0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0]) {
            return classifyV4(v4, own: own)
        }
        // RFC 8215's local-use NAT64 prefix leads into the local network whatever it carries.
        if a[0..<6].elementsEqual([0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01]) { return .privateNetwork }
        // 6to4 2002:wwxx:yyzz::/48 carries w.x.y.z in bits 16 to 47.
        if a[0] == 0x20, a[1] == 0x02, let embedded = classifyV4(Array(a[2..<6]), own: own) { return embedded }
        if a[0] & 0xFE == 0xFC { return .privateNetwork }  // fc00::/7
        if a[0] == 0xFE, a[1] & 0xC0 == 0x80 { return .linkLocal }  // fe80::/10
        if a[0] == 0xFE, a[1] & 0xC0 == 0xC0 { return .privateNetwork }  // fec0::/10, site-local
        if a[0] == 0xFF { return .multicast }
        return own.contains(a) ? .thisMachine : nil
    }
}
