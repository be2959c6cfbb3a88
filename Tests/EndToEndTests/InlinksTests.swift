import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// "Where is each URL linked from?": the real binary crawls inlinks.aasa.test (Tests/Fixtures/server.py), where
/// three pages link to /p/target with different texts (one twice, one `rel="nofollow"`, one in Japanese through a
/// relative href) and one links to a 404, and inlinks.csv, report.json and report.html are read back.
@Suite struct InlinksTests {
    static let server = FixtureServer.shared
    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    static let target = "https://inlinks.aasa.test/p/target"

    struct Failure: Error, CustomStringConvertible { var text: String; var description: String { text } }

    /// An audit of inlinks.aasa.test with `extra` arguments, into a fresh folder.
    static func audit(_ extra: [String] = []) async throws -> URL {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["audit", "inlinks.aasa.test", "--crawl", "--out", out.path, "--format", "json,html,csv"] + extra
                + server.auditArguments, environment: ["NO_COLOR": "1"])
        guard result.status == 0 else { throw Failure(text: "exit \(result.status): \(result.stdout)\(result.stderr)") }
        return out
    }

    static let run: Task<URL, any Error> = Task { try await audit() }

    static func bytes(_ out: URL, _ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: out.appendingPathComponent(name)))
    }

    /// A CSV file's records by header name, its byte order mark (if any) dropped.
    static func table(_ out: URL, _ name: String) throws -> [[String: String]] {
        var bytes = try bytes(out, name)
        if bytes.starts(with: bom) { bytes.removeFirst(3) }
        let records = parseCSV(String(decoding: bytes, as: UTF8.self))
        guard let header = records.first else { throw Failure(text: "\(name) is empty") }
        return records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
    }

    static func crawl(_ out: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: out.appendingPathComponent("report.json"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let domains = try #require(json["domains"] as? [[String: Any]])
        return try #require(domains.first?["crawl"] as? [String: Any])
    }

    @Test func inlinksCSVListsEveryLinkToAURLWithItsTextRelHrefAndTheLinkingPagesDepth() async throws {
        let out = try await Self.run.value
        let text = String(decoding: try Self.bytes(out, "inlinks.csv"), as: UTF8.self)
        let header = parseCSV(String(text.drop { $0 == "\u{FEFF}" })).first
        #expect(header == ["from", "to", "href", "anchor_text", "rel", "depth", "type", "http_status"], "one domain")
        let rows = try Self.table(out, "inlinks.csv")
        // Pages are fetched concurrently, so their rows come in the order the pages were scanned (ASan on a fresh
        // clone once wrote c's before b's); within a page they keep its link order.
        let toTarget = rows.filter { $0["to"] == Self.target }.enumerated().sorted {
            ($0.element["from"]!, $0.offset) < ($1.element["from"]!, $1.offset)
        }
        .map(\.element)
        #expect(
            toTarget.map { "\($0["from"]!) \($0["anchor_text"]!) [\($0["rel"]!)] \($0["href"]!)" } == [
                "https://inlinks.aasa.test/a Target from A [] /p/target",
                "https://inlinks.aasa.test/a Again from A [] /p/target",
                "https://inlinks.aasa.test/b Sponsored target [nofollow] /p/target",
                "https://inlinks.aasa.test/c 日本語のリンク [] p/../p/target",
            ], "\(toTarget)")
        #expect(toTarget.allSatisfy { $0["depth"] == "1" && $0["type"] == "anchor" && $0["http_status"] == "200" })
        let target = try #require(try Self.table(out, "urls.csv").first { $0["url"] == Self.target })
        #expect(target["found_on"] == "https://inlinks.aasa.test/a" && target["anchor_text"] == "Target from A")
        let gone = try #require(rows.first { $0["to"] == "https://inlinks.aasa.test/p/gone" })
        #expect(gone["http_status"] == "404" && gone["anchor_text"] == "Gone link", "\(gone)")
        // The start page's three links, the four to the target and the one to the 404: every link is a row.
        #expect(rows.count == 8, "\(rows)")
        let crawl = try Self.crawl(out)
        #expect(crawl["inlinks"] as? Int == 8 && crawl["inlinksOmitted"] as? Int == 0, "\(crawl)")
    }

    @Test func theHTMLURLTableShowsLinkingPagesAnchorTextAndBrokenRows() async throws {
        let out = try await Self.run.value
        // URLs carry line-break opportunities (<wbr>) the browser shows nothing of.
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
            .replacingOccurrences(of: "<wbr>", with: "")
        #expect(html.contains("<th>linked from</th><th>anchor text</th>"), "the URL table's columns")
        let targetRow = try #require(
            html.components(separatedBy: "<tr>").first { $0.contains(">\(Self.target)<") && $0.contains("opens app") })
        // Pages are scanned in the order their fetches finish (CI once saw /b before /a), yet the row lists its
        // linking pages nearest the start page first, then by URL, and keeps the text of the first one's first link.
        let pages = ["/a", "/b", "/c"].map { "https://inlinks.aasa.test\($0)<br>" }.joined()
        #expect(targetRow.contains(pages + "<span class=\"note\">3 pages</span>"), "\(targetRow)")
        #expect(targetRow.contains("<td>Target from A</td>"), "\(targetRow)")
        let goneRow = try #require(html.components(separatedBy: "<tr>").first { $0.contains("/p/gone<") })
        #expect(goneRow.contains(">broken<") && !goneRow.contains("web only"), "\(goneRow)")
        #expect(html.contains("inlinks.csv lists 8 links of the crawled pages."))
    }

    @Test func maxInlinksCapsEachSitesListAndReportJSONAndTheHTMLCountTheRest() async throws {
        let out = try await Self.audit(["--max-inlinks", "2"])
        #expect(try Self.table(out, "inlinks.csv").count == 2)
        let crawl = try Self.crawl(out)
        #expect(crawl["inlinks"] as? Int == 2 && crawl["inlinksOmitted"] as? Int == 6, "\(crawl)")
        let html = try String(contentsOf: out.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(
            html.contains("inlinks.csv lists 2 links of the crawled pages; 6 more were left out past --max-inlinks."))
    }

    @Test func everyCSVFileStartsWithAByteOrderMarkUnlessCSVBOMOff() async throws {
        let on = try await Self.run.value
        for name in ["urls.csv", "findings.csv", "inlinks.csv"] {
            #expect(try Self.bytes(on, name).starts(with: Self.bom), "\(name) starts with EF BB BF")
        }
        // The Japanese anchor text is UTF-8 after the mark.
        #expect(try Self.table(on, "inlinks.csv").contains { $0["anchor_text"] == "日本語のリンク" })
        let off = try await Self.audit(["--csv-bom", "off"])
        for name in ["urls.csv", "findings.csv", "inlinks.csv"] {
            let bytes = try Self.bytes(off, name)
            #expect(
                !bytes.starts(with: Self.bom) && bytes.first.map { $0 < 0x80 } == true, "\(name) starts with its header"
            )
        }
    }

    @Test func noInlinksCSVWithoutACrawl() async throws {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["audit", "inlinks.aasa.test", "--out", out.path, "--format", "json,csv"] + Self.server.auditArguments,
            environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("inlinks.csv").path))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("urls.csv").path))
    }
}

/// links.csv for link analysts: the link text of `--html`, a CSV list's other columns carried through, the byte
/// order mark (and `--csv-bom off`), and a list that itself starts with one.
@Suite struct LinksCSVColumnsTests {
    static let server = FixtureServer.shared

    func links(_ arguments: [String]) async throws -> (RunResult, [UInt8]) {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["links"] + arguments + Self.server.arguments + [
                "--no-follow", "--timeout", FixtureServer.roomyTimeout, "--out", out.path,
            ],
            environment: ["NO_COLOR": "1"])
        return (result, [UInt8](try Data(contentsOf: out.appendingPathComponent("links.csv"))))
    }

    static func records(_ bytes: [UInt8]) -> [[String: String]] {
        let text = String(
            decoding: bytes.starts(with: InlinksTests.bom) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self)
        let records = parseCSV(text)
        guard let header = records.first else { return [] }
        return records.dropFirst().map { Dictionary(zip(header, $0), uniquingKeysWith: { first, _ in first }) }
    }

    @Test func aCSVListsOtherColumnsFollowOursAndAColumnNamedLikeOursIsRenamed() async throws {
        let base = "https://linkapp--cols.aasa.test"
        let list = try RefusedLinesCommandTests.file(
            "\u{FEFF}campaign,URL,tier,owner\nspring,\(base)/p/1,gold,\"Ann, Bo\"\nsummer,\(base)/web/2,,Cy\n"
                + "autumn,mailto:a@b.test,x,Di\n")
        let (result, bytes) = try await links([list.path])
        #expect(result.status == 0, "a list starting with a byte order mark is read as a CSV: \(result.stderr)")
        #expect(bytes.starts(with: InlinksTests.bom))
        let header = parseCSV(String(decoding: bytes.dropFirst(3), as: UTF8.self)).first ?? []
        #expect(Array(header.suffix(4)) == ["text", "campaign", "input_tier", "owner"], "\(header)")
        let rows = Self.records(bytes)
        let first = try #require(rows.first { $0["url"] == "\(base)/p/1" })
        #expect(first["campaign"] == "spring" && first["input_tier"] == "gold" && first["owner"] == "Ann, Bo")
        #expect(first["tier"] == "opens-app", "\(first)")
        let second = try #require(rows.first { $0["url"] == "\(base)/web/2" })
        #expect(second["campaign"] == "summer" && second["input_tier"] == "" && second["owner"] == "Cy")
        // A skipped entry keeps its columns and names its kind.
        let skipped = try #require(rows.first { $0["url"] == "mailto:a@b.test" })
        #expect(skipped["skipped_kind"] == "mail" && skipped["campaign"] == "autumn", "\(skipped)")
    }

    @Test func anHTMLFilesLinksCarryTheirTextAndCSVBOMOffOmitsTheMark() async throws {
        let base = "https://linkapp--text.aasa.test"
        let html = try RefusedLinesCommandTests.file(
            "<html><body><a href=\"\(base)/p/1\">Ouvrir l’app é</a> <a href=\"\(base)/web/2\">Blog</a></body></html>\n")
        let (result, bytes) = try await links(["--html", html.path, "--csv-bom", "off"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(bytes.first == UInt8(ascii: "s"), "no byte order mark: links.csv starts with its header")
        let rows = Self.records(bytes)
        #expect(rows.first { $0["url"] == "\(base)/p/1" }?["text"] == "Ouvrir l’app é", "\(rows)")
        #expect(rows.first { $0["url"] == "\(base)/web/2" }?["text"] == "Blog", "\(rows)")
    }
}
