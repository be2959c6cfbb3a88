import Foundation
import TestSupport
import Testing

/// The real binary crawls browser.aasa.test under its IDN name (Tests/Fixtures/server.py): every row is a URL a
/// browser would follow from the pages served, canonical as the WHATWG URL Standard writes it, with the href as
/// the page wrote it (issue #24's end-to-end case).
@Suite struct BrowserURLTests {
    static let server = FixtureServer.shared
    static let host = "xn--bcher-kva.browser.aasa.test"

    struct Failure: Error, CustomStringConvertible { var description: String }

    /// urls.csv by column name.
    static let rows: Task<[[String: String]], any Error> = Task {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["audit", host, "--crawl", "--format", "csv", "--out", out.path] + server.auditArguments,
            environment: ["NO_COLOR": "1"])
        guard result.status == 0 || result.status == 1 else {
            throw Failure(description: "exit \(result.status): \(result.stdout)\(result.stderr)")
        }
        let records = parseCSV(try String(contentsOf: out.appendingPathComponent("urls.csv"), encoding: .utf8))
        guard let header = records.first else { throw Failure(description: "urls.csv is empty") }
        return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    @Test func recordsExactlyTheURLsABrowserFollowsEachWithItsHref() async throws {
        let rows = try await Self.rows.value
        let site = "https://\(Self.host)"
        // No row for a same-document link (#specs, the page's own URL with a fragment, a blank href), none for a
        // link inside <textarea>, no phantom folder; `?page=2` and a bare `?` are other URLs, as the Standard says.
        let expected: [String: String] = [
            "\(site)/": "",
            "\(site)/?page=2": "?page=2",
            "\(site)/items/lamp": "/items/lamp",
            "\(site)/long/path/to/page": "/long/\n\tpath/to\n/page",
            "\(site)/idn": "https://bücher.browser.aasa.test/idn",
            "\(site)/private/x": "/private/x",
            "\(site)/b": "/a/%2e%2E/b",
            "\(site)/items/lamp?": "?",
            "\(site)/idn#reviews": "../idn#reviews",
        ]
        let found = Dictionary(rows.map { ($0["url"] ?? "", $0["href"] ?? "") }, uniquingKeysWith: { a, _ in a })
        #expect(found == expected)
    }

    @Test func theUnicodeHostIsTheSiteItselfAndIsCrawled() async throws {
        let rows = try await Self.rows.value
        let idn = try #require(rows.first { $0["url"] == "https://\(Self.host)/idn" })
        #expect(idn["http_status"] == "200")
        #expect(idn["note"] == "")
    }

    @Test func theBOMRobotsTxtGroupForOurVersionedTokenApplies() async throws {
        let rows = try await Self.rows.value
        let blocked = try #require(rows.first { $0["url"] == "https://\(Self.host)/private/x" })
        #expect(blocked["http_status"] == "")
        #expect(blocked["note"] == "not crawled: robots.txt disallows it")
    }
}
