import AASA
import Testing

@Suite struct SmartBannerTests {
    @Test func readsTheAppIDAndTheArgument() {
        let banner = SmartBanner("app-id=123, app-argument=https://e.test/p/1")
        #expect(banner.appID == "123")
        #expect(banner.argument == "https://e.test/p/1")
        #expect(banner.problems.isEmpty)
    }

    /// Any text with "://" counts as a URL, even where the scheme is not one a URL parser would accept: an app's
    /// own URL is handed over as written.
    @Test(arguments: ["https://e.test/", "HTTP://e.test", "myapp://open?id=1", "my app://x", "://x", "1a://x"])
    func anArgumentWithASchemeSeparatorIsAURL(_ argument: String) {
        #expect(SmartBanner("app-id=1, app-argument=\(argument)").problems.isEmpty, "\(argument)")
    }

    @Test(arguments: ["e.test/p", "/p/1", "mailto:a@e.test", "https:/e.test"])
    func anArgumentWithoutOneIsNot(_ argument: String) {
        #expect(
            SmartBanner("app-id=1, app-argument=\(argument)").problems == ["app-argument \"\(argument)\" is not a URL"])
    }

    @Test func aMissingOrNonNumericAppIDIsReported() {
        #expect(SmartBanner("app-argument=https://e.test/").problems == ["no app-id"])
        #expect(SmartBanner("app-id=12a").problems == ["app-id \"12a\" is not a numeric App Store ID"])
    }
}
