import Testing

@testable import AuditCLI

@Suite struct MatchURLsTests {
    @Test(arguments: [
        ("acme.com/account/delete", "has no scheme: did you mean https://acme.com/account/delete?"),
        ("//acme.com/a", "has no scheme: did you mean https://acme.com/a?"),
        ("acme.com:8443/a", "has no scheme: did you mean https://acme.com:8443/a?"),
        ("localhost:8080/a", "has no scheme: did you mean https://localhost:8080/a?"),
        ("shop/1", "is neither an http(s) URL nor an absolute path: write https://HOST/PATH or /PATH"),
    ])
    func aValueWithNoSchemeIsRefused(_ given: String, _ reason: String) {
        #expect(MatchURLs.refusal(given, expecting: false) == reason)
        #expect(MatchURLs.refusal(given, expecting: true) == reason)
    }

    @Test(arguments: ["https://acme.com/a", "HTTP://acme.com", "/shop/1", "/"])
    func webURLsAndAbsolutePathsAreMatched(_ given: String) {
        #expect(MatchURLs.refusal(given, expecting: true) == nil)
    }

    @Test(arguments: ["myapp://x", "ftp://acme.com/a", "mailto:a@acme.com"])
    func anotherSchemeIsAnsweredUnlessExpecting(_ given: String) {
        #expect(MatchURLs.refusal(given, expecting: false) == nil)
        #expect(MatchURLs.refusal(given, expecting: true)?.contains("--expect cannot judge it") == true)
    }
}
