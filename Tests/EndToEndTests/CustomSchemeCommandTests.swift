import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// `audit --crawl` lists the custom-scheme links it finds with their verdict (`--info-plist`, `--entitlements`), and
/// `check` warns when a rule captures the pages that must stay in the browser.
@Suite struct CustomSchemeCommandTests {
    static let server = FixtureServer.shared
    static let infoPlists = Binary.root.appendingPathComponent("Tests/Fixtures/infoplist")

    /// good.aasa.test comes first and does not open /product/42; schemes.aasa.test does.
    static func entitlements(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("App.entitlements")
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <plist version="1.0"><dict>
        <key>application-identifier</key><string>9JA89QQLNQ.com.acme.shop</string>
        <key>com.apple.developer.associated-domains</key>
        <array><string>applinks:good.aasa.test</string><string>applinks:schemes.aasa.test</string></array>
        </dict></plist>
        """.write(to: path, atomically: true, encoding: .utf8)
        return path.path
    }

    func audit(_ extra: [String]) async throws -> (RunResult, URL) {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["audit", "--crawl", "--no-cdn", "--out", out.path] + Self.server.arguments + extra,
            environment: ["NO_COLOR": "1"])
        return (result, out)
    }

    @Test func aCrawlListsEachSchemeLinkWithItsPagesDeclarationAndReplacement() async throws {
        let scratch = try tempDirectory()
        let (result, out) = try await audit(
            [
                "--entitlements", try Self.entitlements(in: scratch), "--info-plist",
                Self.infoPlists.appendingPathComponent("Info-binary.plist").path, "--verbose",
                "--format", "json,html",
            ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let (report, object) = try readReport(out)
        let domain = try #require(report.domains.first { $0.domain == "schemes.aasa.test" })
        let links = try #require(domain.crawl?.schemeLinks?.links)
        let byLink = Dictionary(links.map { ($0.link, $0) }, uniquingKeysWith: { a, _ in a })
        // mailto: and tel: are no app links; the spaces around "  acmeshop://help  " are an href's, not the link's.
        #expect(links.count == 4, "\(links.map(\.link))")
        let product = try #require(byLink["acmeshop://product/42"])
        #expect(product.pageCount == 2)
        #expect(Set(product.pages) == ["https://schemes.aasa.test/", "https://schemes.aasa.test/page2"])
        #expect(product.declared == "declared")
        #expect(product.replacement?.url == "https://schemes.aasa.test/product/42")
        #expect(product.replacement?.appID == "9JA89QQLNQ.com.acme.shop")
        #expect(byLink["acmeshop://help"]?.declared == "declared")
        #expect(byLink["acmeshop://help"]?.replacement == nil)
        #expect(byLink["othershop://cart"]?.declared == "not declared")
        let hostile = try #require(links.first { $0.link.contains("\u{1b}") })
        #expect(hostile.link.contains("<b>bold</b>"))
        // One info finding per distinct link, on the first page that carries it.
        let findings = domain.findings.filter { $0.id == "link-custom-scheme" }
        #expect(findings.count == 4)
        #expect(findings.allSatisfy { $0.severity == .info })
        let productFinding = try #require(findings.first { $0.message.contains("acmeshop://product/42 ") })
        #expect(productFinding.hint.contains("https://schemes.aasa.test/product/42"))
        #expect(domain.verdict == .pass)
        // The JSON as written: field names of the schema.
        let written = try #require(
            ((object["domains"] as? [[String: Any]])?.first { $0["domain"] as? String == "schemes.aasa.test" }?["crawl"]
                as? [String: Any])?["schemeLinks"] as? [String: Any])
        #expect((written["links"] as? [[String: Any]])?.first?.keys.contains("pageCount") == true)
        // HTML: a table, the site's text escaped.
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("<h3>Custom-scheme links</h3>"))
        #expect(html.contains("acmeshop://product/42"))
        #expect(html.contains("&lt;b&gt;bold&lt;/b&gt;"))
        #expect(!html.contains("<b>bold</b>"))
        // Terminal with --verbose: listed, escapes made visible.
        #expect(result.stdout.contains("custom-scheme links: 4"), "\(result.stdout)")
        #expect(result.stdout.contains("othershop://cart on https://schemes.aasa.test/: scheme not declared"))
        #expect(!result.stdout.contains("\u{1b}[31m"))
        #expect(!result.stdout.contains("\u{202e}"))
    }

    @Test func withoutInfoPlistOrEntitlementsTheVerdictSaysWhatIsUnknown() async throws {
        let (result, out) = try await audit(["schemes.aasa.test", "--format", "json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let (report, _) = try readReport(out)
        let links = try #require(report.domains.first?.crawl?.schemeLinks?.links)
        #expect(links.allSatisfy { $0.declared == "unknown" && $0.replacement == nil })
        let finding = try #require(report.domains.first?.findings.first { $0.id == "link-custom-scheme" })
        #expect(finding.message.contains("unknown without --info-plist"))
        #expect(finding.hint.contains("give --entitlements"))
        #expect(!result.stdout.contains("custom-scheme links:"), "listed only with --verbose")
    }

    @Test func aBuildSettingSchemeIsNotCheckable() async throws {
        let (result, out) = try await audit([
            "schemes.aasa.test", "--format", "json", "--info-plist",
            Self.infoPlists.appendingPathComponent("Info-buildsetting.plist").path,
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let (report, _) = try readReport(out)
        let links = try #require(report.domains.first?.crawl?.schemeLinks?.links)
        #expect(links.first { $0.link == "othershop://cart" }?.declared == "not checkable")
        #expect(links.first { $0.link == "acmeshop://product/42" }?.declared == "declared")
    }

    @Test(arguments: [
        ("Info-junk.plist", "is not a readable property list"), ("missing.plist", "no such file"),
        ("Info-array.plist", "top level is not a dictionary"),
    ])
    func anUnreadableInfoPlistIsRefusedBeforeAnyTraffic(_ name: String, _ reason: String) async throws {
        let (result, out) = try await audit([
            "schemes.aasa.test", "--info-plist", Self.infoPlists.appendingPathComponent(name).path,
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains(reason), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count <= 2)
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("report.json").path))
    }

    @Test func infoPlistWithoutACrawlIsAUsageError() async throws {
        let result = try await Binary.run([
            "audit", "schemes.aasa.test", "--info-plist", Self.infoPlists.appendingPathComponent("Info.plist").path,
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--crawl"), "\(result.stderr)")
    }

    @Test func checkWarnsWhenABareWildcardCapturesUnsubscribeLinks() async throws {
        let scratch = try tempDirectory()
        let file = scratch.appendingPathComponent("apple-app-site-association")
        try #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/*"}]}]}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let result = try await Binary.run(["check", file.path, "--fail-on", "warning"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("rule-captures-sensitive"), "\(result.stdout)")
        #expect(result.stdout.contains("/wf/unsubscribe"))
        let clean = scratch.appendingPathComponent("click")
        try #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/click/*"}]}]}}"#
            .write(to: clean, atomically: true, encoding: .utf8)
        let passing = try await Binary.run(["check", clean.path, "--fail-on", "warning"])
        #expect(passing.status == 0, "\(passing.stdout)")
    }

    @Test func auditWarnsOnATrackingDomainWhoseFileSwallowsUnsubscribeLinks() async throws {
        let (result, out) = try await audit(["sensitive.aasa.test", "--format", "json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let (report, _) = try readReport(out)
        let domain = try #require(report.domains.first)
        #expect(domain.verdict == .warn)
        #expect(domain.findings.filter { $0.id == "rule-captures-sensitive" }.count == 1)
    }
}
