import AASA
import Fetching
import Testing

/// Every spelling of an IP address is refused as one, whatever else is around it.
@Suite struct DomainParserIPTests {
    static let reason = "an IP address cannot be an associated domain (Apple needs a host name with a certificate)"

    @Test(arguments: [
        "127.0.0.1", "127.1", "0x7f.1", "0177.0.0.1", "2130706433", "0x7f000001", "::1", "[::1]", "::ffff:127.0.0.1",
        "[::ffff:127.0.0.1]", "127.0.0.1.", "https://127.1/", "https://0x7f.1:8443/x", "applinks:127.1",
        "applinks:2130706433?mode=developer", "*.127.1", "10.1:443", "https://[fe80::1]/", "１２７.０.０.１",
    ])
    func addressesAreRefusedAsAddresses(_ input: String) {
        guard case .failure(let error) = DomainParser.parse(input) else {
            Issue.record("\(input) was accepted")
            return
        }
        #expect(error.reason == Self.reason, "\(input)")
    }

    @Test(arguments: ["1password.com", "123.example", "0x7f.example.com", "a.1", "365.com"])
    func namesThatLookNumericAreStillNames(_ input: String) throws {
        #expect(try DomainParser.parse(input).get().domain == input)
    }
}
