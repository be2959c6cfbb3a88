import AASA
import Foundation
import Testing

@testable import Fetching

/// What the address screen decides before a guarded transfer starts: the host and port as libcurl reads them,
/// which `--connect-to` entries make a host the user's, and that one blocked answer refuses the whole name.
@Suite struct AddressScreenTests {
    typealias Target = AddressScreen.Target

    static func bytes(_ text: String) throws -> [UInt8] { try #require(SocketAddress.parse(text)) }

    @Test func theTargetIsWhatLibcurlConnectsTo() throws {
        #expect(Target(url: "https://Example.COM/x") == Target(host: "example.com", port: 443))
        #expect(Target(url: "http://example.com/x") == Target(host: "example.com", port: 80))
        #expect(Target(url: "http://example.com:8080/x") == Target(host: "example.com", port: 8080))
        #expect(Target(url: "https://[::1]:8443/") == Target(host: "[::1]", port: 8443))
        #expect(Target(url: "http://127.1/") == Target(host: "127.0.0.1", port: 80), "libcurl's own IPv4 reading")
        #expect(Target(url: "https://bücher.example/") == Target(host: "xn--bcher-kva.example", port: 443))
        #expect(Target(url: "not a url") == nil)
    }

    @Test func connectToEntriesCoverTheirHostAndPortAsCurlMatchesThem() {
        let target = Target(host: "shop.example", port: 443)
        #expect(AddressScreen.covered(target, by: ["shop.example:443:127.0.0.1:8443"]))
        #expect(AddressScreen.covered(target, by: ["SHOP.example:443:127.0.0.1:8443"]))
        #expect(AddressScreen.covered(target, by: ["shop.example::127.0.0.1:8443"]), "an empty port matches any")
        #expect(AddressScreen.covered(target, by: [":443:127.0.0.1:8443"]), "an empty host matches any")
        #expect(AddressScreen.covered(target, by: ["::127.0.0.1:8443"]))
        #expect(!AddressScreen.covered(target, by: ["shop.example:80:127.0.0.1:8080"]))
        #expect(!AddressScreen.covered(target, by: ["www.shop.example:443:127.0.0.1:8443"]))
        #expect(!AddressScreen.covered(target, by: ["shop.example"]), "not an entry")
        #expect(!AddressScreen.covered(target, by: []))
        let v6 = Target(host: "[::1]", port: 443)
        #expect(AddressScreen.covered(v6, by: ["[::1]:443:127.0.0.1:8443"]))
        #expect(!AddressScreen.covered(v6, by: ["[::2]:443:127.0.0.1:8443"]))
    }

    @Test func aNameWithOnePrivateAnswerAmongPublicOnesIsRefused() throws {
        let target = Target(host: "mixed.example", port: 443)
        let outcome = AddressScreen.judge(
            target, [try Self.bytes("93.184.216.34"), try Self.bytes("10.1.2.3"), try Self.bytes("2606:4700::1")],
            own: [])
        #expect(
            outcome
                == .refused(
                    "mixed.example resolves to 10.1.2.3 (one of its 3 addresses), a private address; only hosts you name may resolve to such addresses"
                ))
    }

    @Test func publicAnswersArePinnedExactlyWithIPv6InBrackets() throws {
        let target = Target(host: "public.example", port: 443)
        let outcome = AddressScreen.judge(
            target, [try Self.bytes("93.184.216.34"), try Self.bytes("2606:4700::1")], own: [])
        #expect(outcome == .allowed(pin: "public.example:443:93.184.216.34,[2606:4700::1]"))
    }

    @Test func thisMachinesOwnAddressIsRefusedAsSuch() throws {
        let own = try Self.bytes("198.51.100.7")
        let outcome = AddressScreen.judge(Target(host: "me.example", port: 443), [own], own: [own])
        #expect(
            outcome
                == .refused(
                    "me.example resolves to 198.51.100.7, one of this machine's own addresses; only hosts you name may resolve to such addresses"
                ))
    }

    @Test func namesAndLiteralsAreJudgedWithoutALookup() {
        #expect(
            AddressScreen.screen(Target(host: "app.localhost", port: 443), own: [])
                == .refused(
                    "app.localhost is a loopback name (this machine); only hosts you name may resolve to such addresses"
                ))
        #expect(
            AddressScreen.screen(Target(host: "[::ffff:10.0.0.1]", port: 443), own: [])
                == .refused("[::ffff:10.0.0.1] is a private address; only hosts you name may resolve to such addresses")
        )
        #expect(AddressScreen.screen(Target(host: "93.184.216.34", port: 443), own: []) == .allowed(pin: nil))
    }

    @Test func thisMachinesInterfaceAddressesAreRead() {
        #expect(LocalAddresses.all.contains([127, 0, 0, 1]), "\(LocalAddresses.all)")
    }
}
