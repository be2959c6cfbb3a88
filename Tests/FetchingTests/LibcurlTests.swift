import Fetching
import Testing

@Suite struct LibcurlTests {
    @Test func theLinkedLibcurlIsSevenEightyEightOrLaterWithHTTP2() {
        #expect(Libcurl.versionString.hasPrefix("libcurl/"))
        let version = Libcurl.versionString.dropFirst("libcurl/".count).prefix { $0 != " " }
        let parts = version.split(separator: ".").compactMap { Int($0) }
        #expect(parts.count >= 2 && (parts[0] > 7 || (parts[0] == 7 && parts[1] >= 88)), "\(version)")
        #expect(Libcurl.supportsHTTP2)
    }
}
