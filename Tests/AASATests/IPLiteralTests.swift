import AASA
import Foundation
import Testing

/// `IPLiteral.isIPAddress` knows every spelling of an address a resolver would use.
@Suite struct IPLiteralTests {
    static let addresses = [
        "127.0.0.1", "127.1", "127.0.1", "0x7f.1", "0X7F.0.0.1", "0177.0.0.1", "0177.1", "2130706433", "0x7f000001",
        "017700000001", "0", "10.0x10.020.1", "255.255.255.255", "4294967295", "1.16777215", "1.2.65535",
        "::1", "[::1]", "::", "::ffff:127.0.0.1", "[::ffff:7f00:1]", "2001:db8::1", "fe80::1%eth0",
        "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:1.2.3.4", "[2001:DB8:0:0:0:0:0:1]",
    ]
    static let names = [
        "example.com", "127.0.0.1.example.com", "a.1", "1.a", "256.1.1.1", "1.2.3.4.5", "4294967296", "08.1", "0x1g",
        "0x", "0x.1",
        "1..1", ".1", "", "1.16777216", "1.2.65536", "::1::", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", ":1", "1:",
        "12345::1", "::1.2.3", "::256.1.1.1", "[example.com]", "1:2:3:4:5:6:7:1.2.3.4", "g::1", "１２７.0.0.1",
    ]

    @Test(arguments: addresses) func addressesAreRecognised(_ text: String) {
        #expect(IPLiteral.isIPAddress(text))
    }

    @Test(arguments: names) func namesAreNot(_ text: String) {
        #expect(!IPLiteral.isIPAddress(text))
    }

    /// The crawl's wider test takes every address as a URL would carry it (IPv6 bracketed), and no real name.
    @Test(arguments: addresses) func theCrawlsTestTakesEveryAddress(_ text: String) {
        let host = text.contains(":") && !text.hasPrefix("[") ? "[\(text)]" : text
        #expect(IPLiteral.looksLikeIPAddress(host))
    }

    @Test(arguments: ["example.com", "127.0.0.1.example.com", "1.a", "0x1g.test", "shop.aasa.test."])
    func theCrawlsTestLeavesNamesAlone(_ text: String) {
        #expect(!IPLiteral.looksLikeIPAddress(text))
    }

    /// The IPv4 rule is glibc's `inet_aton` (for text without spaces, after which inet_aton ignores the rest).
    @Test(arguments: addresses + names) func inetAtonAgreesForIPv4(_ text: String) {
        guard !text.contains(":"), !text.hasPrefix("[") else { return }
        var address = in_addr()
        #expect((inet_aton(text, &address) != 0) == IPLiteral.isIPAddress(text), "\(text)")
    }

    /// IPv6 text is what `inet_pton(AF_INET6)` accepts (a zone and brackets aside).
    @Test(arguments: addresses + names) func inetPtonAgreesForIPv6(_ text: String) {
        guard text.contains(":") || text.hasPrefix("["), !text.contains("%") else { return }
        let bare = text.hasPrefix("[") && text.hasSuffix("]") ? String(text.dropFirst().dropLast()) : text
        var address = in6_addr()
        #expect((inet_pton(AF_INET6, bare, &address) == 1) == IPLiteral.isIPAddress(text), "\(text)")
    }
}
