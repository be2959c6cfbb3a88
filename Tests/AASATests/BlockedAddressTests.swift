import AASA
import Foundation
import Testing

/// `BlockedAddress` refuses every range the issue names, on both sides of each edge, in every IPv6 form that carries
/// an IPv4 address, and this machine's own addresses.
@Suite struct BlockedAddressTests {
    /// The 4 or 16 bytes of a numeric address, as the fetcher hands them over.
    static func bytes(_ text: String) -> [UInt8] {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return withUnsafeBytes(of: v4) { Array($0) } }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, text, &v6) == 1 { return withUnsafeBytes(of: v6) { Array($0) } }
        Issue.record("\(text) is not an address")
        return []
    }

    /// Each range's first and last address, with the class it must get, and the addresses just outside it.
    static let blocked: [(String, BlockedAddress)] = [
        ("0.0.0.0", .unspecified), ("0.255.255.255", .unspecified),
        ("10.0.0.0", .privateNetwork), ("10.255.255.255", .privateNetwork),
        ("100.64.0.0", .carrierGradeNAT), ("100.127.255.255", .carrierGradeNAT),
        ("127.0.0.0", .loopback), ("127.0.0.1", .loopback), ("127.255.255.255", .loopback),
        ("169.254.0.0", .linkLocal), ("169.254.255.255", .linkLocal),
        ("172.16.0.0", .privateNetwork), ("172.31.255.255", .privateNetwork),
        ("192.168.0.0", .privateNetwork), ("192.168.255.255", .privateNetwork),
        ("224.0.0.0", .multicast), ("239.255.255.255", .multicast),
        ("240.0.0.0", .reserved), ("255.255.255.255", .reserved),
        ("::", .unspecified), ("::1", .loopback),
        ("fc00::", .privateNetwork), ("fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .privateNetwork),
        ("fe80::", .linkLocal), ("febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .linkLocal),
        ("fec0::", .privateNetwork), ("feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .privateNetwork),
        ("ff00::", .multicast), ("ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", .multicast),
        // IPv4-mapped and IPv4-compatible forms carry the IPv4 address's class.
        ("::ffff:127.0.0.1", .loopback), ("::ffff:10.1.2.3", .privateNetwork), ("::ffff:169.254.1.1", .linkLocal),
        ("::ffff:0.0.0.0", .unspecified), ("::ffff:224.0.0.1", .multicast), ("::ffff:100.64.0.1", .carrierGradeNAT),
        ("::ffff:255.255.255.255", .reserved), ("::127.0.0.1", .loopback), ("::192.168.1.1", .privateNetwork),
        ("::0.0.0.2", .unspecified),
        // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) with an IPv4 address inside.
        ("64:ff9b::127.0.0.1", .loopback), ("64:ff9b::10.0.0.1", .privateNetwork),
        ("64:ff9b::a9fe:0101", .linkLocal), ("64:ff9b:1::1", .privateNetwork),
        ("2002:7f00:0001::", .loopback), ("2002:c0a8:0101::1", .privateNetwork),
        ("2002:0a00:0001:1::1", .privateNetwork),
        ("2002:a9fe:0101::", .linkLocal),
    ]

    static let allowed = [
        "1.0.0.0", "9.255.255.255", "11.0.0.0", "100.63.255.255", "100.128.0.0", "126.255.255.255", "128.0.0.0",
        "169.253.255.255", "169.255.0.0", "172.15.255.255", "172.32.0.0", "192.167.255.255", "192.169.0.0",
        "223.255.255.255", "93.184.216.34", "8.8.8.8",
        "::2:0:0", "fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "fe00::", "fe7f:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
        "2001:db8::1", "2606:4700:4700::1111",
        "::fffe:127.0.0.1", "::ffff:8.8.8.8", "64:ff9b::8.8.8.8", "64:ff9b:0:0:0:1::", "64:ff9b:2::1",
        "2002:0808:0808::", "2003:7f00:0001::",
    ]

    @Test(arguments: blocked) func blockedRangesAreRefusedToTheirEdges(_ text: String, _ expected: BlockedAddress) {
        #expect(BlockedAddress.classify(Self.bytes(text)) == expected, "\(text)")
    }

    @Test(arguments: allowed) func addressesJustOutsideEveryRangeAreAllowed(_ text: String) {
        #expect(BlockedAddress.classify(Self.bytes(text)) == nil, "\(text)")
    }

    @Test func thisMachinesOwnAddressesAreRefusedInEveryForm() {
        let own: Set<[UInt8]> = [Self.bytes("192.0.2.2"), Self.bytes("2001:db8::2")]
        #expect(BlockedAddress.classify(Self.bytes("192.0.2.2"), own: own) == .thisMachine)
        #expect(BlockedAddress.classify(Self.bytes("2001:db8::2"), own: own) == .thisMachine)
        #expect(BlockedAddress.classify(Self.bytes("::ffff:192.0.2.2"), own: own) == .thisMachine)
        #expect(BlockedAddress.classify(Self.bytes("64:ff9b::192.0.2.2"), own: own) == .thisMachine)
        #expect(BlockedAddress.classify(Self.bytes("2002:c000:0202::"), own: own) == .thisMachine)
        #expect(BlockedAddress.classify(Self.bytes("192.0.2.3"), own: own) == nil)
        #expect(BlockedAddress.classify(Self.bytes("192.0.2.2")) == nil, "not this machine's without the list")
    }

    @Test func aLoopbackClassStaysLoopbackWhenTheAddressIsAlsoOwn() {
        let own: Set<[UInt8]> = [Self.bytes("127.0.0.1")]
        #expect(BlockedAddress.classify(Self.bytes("127.0.0.1"), own: own) == .loopback)
    }

    @Test(arguments: ["localhost", "LOCALHOST", "localhost.", "app.localhost", "a.b.localhost."])
    func localhostNamesAreLoopbackByName(_ name: String) {
        #expect(BlockedAddress.classify(name: name) == .loopback)
    }

    @Test(arguments: ["localhost.example", "mylocalhost", "example.com", "localhostx", ""])
    func otherNamesAreNotJudgedByName(_ name: String) {
        #expect(BlockedAddress.classify(name: name) == nil)
    }

    @Test func anAddressOfAnotherLengthIsRefused() {
        #expect(BlockedAddress.classify([1, 2, 3]) == .reserved)
    }
}
