import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// Each crawled URL's Content-Type, as the server sent it: report.json's `urls[].contentType` and urls.csv's last
/// column, `content_type`, so an SEO team can filter the pages that are not HTML or carry a wrong type.
@Suite struct ContentTypeColumnTests {
    static let server = FixtureServer.shared

    /// The shop's home page is sent as `text/html; charset=utf-8`, its `/image.png` as `image/png`; a link off the site
    /// is never fetched.
    @Test func theCrawlRecordsTheTypeEachResponseCameWith() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-ctype-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try await Binary.run(
            ["audit", "shop.aasa.test", "--crawl", "--format", "json,csv", "--out", out.path]
                + Self.server.auditArguments)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let data = try Data(contentsOf: out.appendingPathComponent("report.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let rows = try #require((object["domains"] as? [[String: Any]])?.first?["urls"] as? [[String: Any]])
        let written = Dictionary(
            rows.compactMap { row in (row["url"] as? String).map { ($0, row["contentType"]) } },
            uniquingKeysWith: { first, _ in first })
        #expect(written["https://shop.aasa.test/"] as? String == "text/html; charset=utf-8")
        #expect(written["https://shop.aasa.test/image.png"] as? String == "image/png")
        #expect(written["https://shop.aasa.test/shoes/#nolink"] as? String == "text/html; charset=utf-8", "its page's")
        #expect(written["https://other.example.net/"] is NSNull, "not fetched: null, and the member is there")

        let csv = try String(contentsOf: out.appendingPathComponent("urls.csv"), encoding: .utf8)
        let lines = csv.components(separatedBy: "\r\n")
        #expect(lines[0].hasSuffix(",href,content_type"), "the last column")
        func line(_ url: String) -> String? { lines.first { $0.hasPrefix("shop.aasa.test,\(url),") } }
        #expect(line("https://shop.aasa.test/")?.hasSuffix(",text/html; charset=utf-8") == true)
        #expect(line("https://shop.aasa.test/image.png")?.hasSuffix(",image/png") == true)
        #expect(line("https://other.example.net/")?.hasSuffix(",") == true)

        // A report written before the member existed still reads, its rows without a type.
        let text = String(decoding: data, as: UTF8.self)
        let older = text.replacingOccurrences(
            of: #"\n *"contentType" : ("[^"]*"|null),(?=\n *"depth")"#, with: "", options: .regularExpression)
        func members(_ text: String) -> Int { text.components(separatedBy: #""contentType""#).count - 1 }
        #expect(members(text) - members(older) == rows.count, "the rows' members are gone, the fetches' stay")
        let read = try AuditReport.decode(Data(older.utf8))
        let urls = try #require(read.domains.first?.urls)
        #expect(urls.count == rows.count && urls.allSatisfy { $0.contentType == nil })
    }

    /// A crawled row on another audited site is judged again by that site's file when the report is written: it keeps
    /// what the crawl recorded, its type among it.
    @Test func aRowJudgedByAnotherAuditedSitesFileKeepsItsType() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-ctype-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try await Binary.run(
            [
                "audit", "shop.aasa.test", "blog.shop.aasa.test", "--crawl", "--include-subdomains", "--format", "json",
                "--out", out.path,
            ] + Self.server.auditArguments)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let report = try AuditReport.decode(Data(contentsOf: out.appendingPathComponent("report.json")))
        let shop = try #require(report.domains.first { $0.domain == "shop.aasa.test" })
        let row = try #require(shop.urls.first { $0.url == "https://blog.shop.aasa.test/hats/" })
        #expect(row.verdicts.first?.result == .match, "judged by blog.shop.aasa.test's own file")
        #expect(row.httpStatus == 200 && row.contentType == "text/html; charset=utf-8")
    }
}
