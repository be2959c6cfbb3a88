import AASA
import Foundation
import Testing

@testable import Audit

/// report.json read back as a stream: the same report as JSONDecoder on the whole text, the same bytes when
/// written again, and a one-line error naming the file, the place and the problem for anything else.
@Suite struct ReportReaderTests {
    static func report() throws -> AuditReport {
        let finding = Finding(
            id: "tls-expiring", severity: .warning, message: "expires in 3 days",
            location: FindingLocation(url: "https://shop.test/.well-known/apple-app-site-association"), why: "w",
            hint: "h")
        var exchange = Exchange(
            location: .wellKnown, url: "https://shop.test/.well-known/apple-app-site-association",
            userAgent: "AASA-Bot/1.0.0", httpStatus: 200, contentType: "application/json", bytes: 120,
            tls: TLSFacts(
                protocolVersion: "TLSv1.3", verified: true, issuer: "Test CA",
                notAfter: Date(timeIntervalSince1970: 1_800_000_000), daysLeft: 3))
        exchange.sha256 = "ab"
        let crawled = DomainReport(
            domain: "shop.test", input: "https://shop.test/x", notes: ["n\u{1}é"], fetches: [exchange],
            apps: [AppServices(appID: "9JA89QQLNQ.com.acme.shop", services: ["applinks"])], findings: [finding],
            crawl: DomainReport.CrawlSummary(
                pagesFetched: 3, urlsDiscovered: 6, stoppedBecause: "done", robotsDisallowed: 1, trapsSkipped: 0,
                otherSchemes: ["mailto": 2], ruleHits: []),
            urls: try URLTableTests.table(), file: String(decoding: URLTableTests.shopFile, as: UTF8.self))
        let empty = DomainReport(domain: "empty.test", fetches: [], apps: [], findings: [])
        var report = AuditReport(
            version: "t", startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1.5),
            interrupted: false, notAudited: [], domains: [crawled, empty])
        report.changes = Changes.compare(report, report, baseline: "old/report.json")
        return report
    }

    static func file(_ text: some DataProtocol) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString).json")
        try Data(text).write(to: path)
        return path.path
    }

    /// The error reading `text` as a report, in one line.
    static func error(reading text: String) throws -> String {
        let path = try file(Array(text.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try AuditReport.read(at: path)
        } catch let error as ReportReadError {
            #expect(error.file == path)
            #expect(!error.description.contains("\n"), "one line")
            return error.description.replacingOccurrences(of: path, with: "FILE")
        }
        Issue.record("\(text.prefix(40)) was read as a report")
        return ""
    }

    @Test func writtenReadAndWrittenAgainIsTheSameBytes() throws {
        let report = try Self.report()
        let written = try report.json()
        #expect(written == (try JSONOutput.encoder().encode(report)), "the streamed writer writes JSONEncoder's bytes")
        let path = try Self.file(written)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let back = try AuditReport.read(at: path)
        #expect(String(decoding: try back.json(), as: UTF8.self) == String(decoding: written, as: UTF8.self))
        #expect(try AuditReport.decode(written).json() == written)
        #expect(Array(back.domains[0].urls) == Array(report.domains[0].urls))
    }

    /// Reports written before URL rows carried redirect targets, depths, inlinks, anchor text and the members worked
    /// out from the verdicts (`opens`, `apps`, `rule`, `ruleLocation`): read whole and as a baseline, the rows
    /// come back with the first four unknown and the others worked out again from the verdicts.
    @Test func aReportWithoutTheNewURLFieldsStillReads() throws {
        var report = try Self.report()
        var urls = Array(report.domains[0].urls)
        urls[0].redirectTo = "https://shop.test/next"
        urls[0].depth = 1
        urls[0].inlinks = 4
        urls[0].anchorText = "Shoes"
        report.domains[0].urls = URLTable(urls)
        var object = try #require(try JSONSerialization.jsonObject(with: report.json()) as? [String: Any])
        var domains = try #require(object["domains"] as? [[String: Any]])
        let rows = try #require(domains[0]["urls"] as? [[String: Any]])
        #expect(rows[0]["anchorText"] as? String == "Shoes" && rows[0]["inlinks"] as? Int == 4)
        let added = ["redirectTo", "depth", "inlinks", "anchorText", "opens", "apps", "rule", "ruleLocation"]
        #expect(rows.allSatisfy { Set($0.keys).isSuperset(of: added) })
        domains[0]["urls"] = rows.map { row in row.filter { !added.contains($0.key) } }
        object["domains"] = domains
        let path = try Self.file(try JSONSerialization.data(withJSONObject: object))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let read = try AuditReport.read(at: path).domains[0].urls
        #expect(read.map(\.url) == urls.map(\.url) && read.map(\.verdicts) == urls.map(\.verdicts))
        #expect(
            read.allSatisfy { $0.redirectTo == nil && $0.depth == nil && $0.inlinks == nil && $0.anchorText == nil })
        #expect(read.map(\.opens) == urls.map(\.opens) && read.map(\.apps) == urls.map(\.apps))
        #expect(read.map(\.decidingRule) == urls.map(\.decidingRule))
        #expect(urls.contains { $0.opens } && urls.contains { !$0.opens && $0.decidingRule != nil })
        let baseline = try AuditReport.baseline(at: path).domains[0].urls
        #expect(baseline.map(\.opensApp) == urls.map(\.opensApp))
        // Read with the fields, they come back as written.
        let full = try Self.file(try report.json())
        defer { try? FileManager.default.removeItem(atPath: full) }
        let again = try AuditReport.read(at: full).domains[0].urls
        #expect(Array(again) == urls)
    }

    @Test func anyLayoutOfTheSameJSONReadsTheSame() throws {
        let written = try Self.report().json()
        // Minified, keys in another order: the stream reads it as JSONDecoder reads the whole text.
        let object = try JSONSerialization.jsonObject(with: written)
        let other = try JSONSerialization.data(withJSONObject: object)
        #expect(other != written)
        let whole = try JSONOutput.decoder().decode(AuditReport.self, from: other)
        #expect(try AuditReport.decode(other).json() == (try whole.json()))
        #expect(try AuditReport.decode(other).json() == written)
    }

    @Test func domainsArriveOneAtATimeWithTheRestOfTheReportAtTheEnd() throws {
        let written = try Self.report().json()
        var given: Data? = written
        var seen: [String] = []
        let rest = try ReportReader.stream(
            name: "r", urls: .full, limit: 1 << 20,
            source: {
                defer { given = given.map { $0.dropFirst(7) } }
                return given.flatMap { $0.isEmpty ? nil : Array($0.prefix(7)) }
            },
            each: { seen.append($0.domain) })
        #expect(seen == ["shop.test", "empty.test"])
        #expect(rest.domains.isEmpty && rest.summary.domains == 2 && rest.changes?.baseline == "old/report.json")
        let path = try Self.file(written)
        defer { try? FileManager.default.removeItem(atPath: path) }
        var urls: [Int] = []
        let other = try AuditReport.read(at: path) { urls.append($0.urls.count) }
        #expect(urls == [6, 0] && other.domains.isEmpty && other.summary.domains == 2)
    }

    /// What `merge` checks shards by: the header alone, its domains read past without being decoded (one that no
    /// longer decodes as a domain does not stop it), still checked as JSON.
    @Test func aHeaderIsReadWithoutDecodingTheDomains() throws {
        let whole = try Self.report()
        let text = String(decoding: try whole.json(), as: UTF8.self)
        let broken = text.replacingOccurrences(of: #""domain" : "empty.test""#, with: #""domain" : 7"#)
        #expect(broken != text)
        let path = try Self.file(Data(broken.utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let header = try ReportReader.header(path: path)
        #expect(header.domains.isEmpty && header.summary.domains == 2 && header.changes?.baseline == "old/report.json")
        #expect(throws: ReportReadError.self) { try ReportReader.stream(path: path, urls: .full) { _ in } }
        let torn = try Self.file(Data(text.utf8.prefix(text.utf8.count / 2)))
        defer { try? FileManager.default.removeItem(atPath: torn) }
        #expect(throws: ReportReadError.self) { try ReportReader.header(path: torn) }
    }

    @Test func textThatIsNotAReportFailsSayingWhereAndWhat() throws {
        let cases: [(String, String)] = [
            ("root:x:0:0:root:/root:/bin/bash\n", "line 1, column 1: expected '{', found 'r'"),
            ("", "line 1, column 1: the file is empty"),
            ("  \n ", "line 2, column 2: the file ends where '{' is expected"),
            (#"{"schemaVersion": 1, "domains": [{"domain""#, "line 1, column 43: the file ends where ':' is expected"),
            (#"{"domains": [{"domain": "a\#n"#, "line 1, column 27: control character 0xa inside a string"),
            ("[1, 2]", "line 1, column 1: expected '{', found '['"),
            (#"{"name": "aasa", "version": "1.0"}"#, #"missing "domains""#),
            (#"{"a": 1} x"#, "line 1, column 10: expected the end of the file after the report, found 'x'"),
            (#"{"a": tru}"#, "line 1, column 10: expected 'true', found '}'"),
            (#"{"a": 01}"#, "line 1, column 8: expected ',' or '}', found '1'"),
            (#"{"a": "\q"}"#, #"line 1, column 9: invalid escape '\q'"#),
            (#"{"domains": 3}"#, #"line 1, column 13: expected '[' ("domains" is a list), found '3'"#),
            (#"{"domains": [1]}"#, "line 1, column 14: expected '{' (domains[0] is an object), found '1'"),
            (#"{"schemaVersion": 7, "domains": []}"#, "schemaVersion 7 is not supported (this version reads 1)"),
            (#"{"domains": [], "schemaVersion": 1}"#, #"missing "tool""#),
        ]
        for (text, problem) in cases {
            let error = try Self.error(reading: text)
            #expect(error == "FILE is not an aasa-audit report.json: " + problem)
        }
    }

    @Test func aReportMissingARequiredFieldNamesTheFieldAndTheDomain() throws {
        var text = String(decoding: try Self.report().json(), as: UTF8.self)
        text = text.replacingOccurrences(of: #"      "verdict" : "pass""#, with: #"      "verdict" : "maybe""#)
        text = text.replacingOccurrences(of: #"      "notes" : ["#, with: #"      "notas" : ["#)
        // The domain's line: the one after `"domains" : [`.
        let line =
            text.prefix(upTo: try #require(text.range(of: #""domains" : ["#)).lowerBound).split(
                separator: "\n", omittingEmptySubsequences: false
            ).count + 1
        let problem = try Self.error(reading: text)
        #expect(problem == "FILE is not an aasa-audit report.json: line \(line), domains[0]: missing \"notes\"")
        var row = String(decoding: try Self.report().json(), as: UTF8.self)
        row = row.replacingOccurrences(of: #""url" : "https://shop.test/about""#, with: #""url" : null"#)
        // The row's line: its opening brace, the last one before its `url`.
        let before = row.prefix(upTo: try #require(row.range(of: #""url" : null"#)).lowerBound)
        let rowLine = before.prefix(upTo: try #require(before.range(of: "\n        {", options: .backwards)).upperBound)
            .split(separator: "\n", omittingEmptySubsequences: false).count
        let rowProblem = try Self.error(reading: row)
        #expect(
            rowProblem
                == "FILE is not an aasa-audit report.json: line \(rowLine), domains[0].urls[2].url: null where a string is expected"
        )
        let flat = try Self.error(reading: #"{"domains": [{"domain": "a", "urls": []}], "schemaVersion": 1}"#)
        #expect(flat == #"FILE is not an aasa-audit report.json: line 1, domains[0]: missing "notes""#)
    }

    @Test func endlessInputStopsAtTheLimitWithAnError() throws {
        // /dev/zero itself: refused before a byte is read, as every file that is not a regular one.
        do {
            _ = try AuditReport.baseline(at: "/dev/zero")
            Issue.record("/dev/zero read as a report")
        } catch let error as ReportReadError {
            #expect(error.description == "cannot read /dev/zero: a device, not a regular file")
        }
        // Zeros without end inside a number stop at the longest number a report writes.
        for opening in [#"{"domains": [{"urls": [[1"#, #"{"changes": [1"#] {
            var sent = 0
            let chunk = Array(repeating: UInt8(ascii: "0"), count: 64 << 10)
            #expect {
                _ = try ReportReader.stream(
                    name: "zeros", urls: .openedApp, limit: 1 << 20,
                    source: {
                        defer { sent += 1 }
                        if sent > 1_000 { return nil }
                        return sent == 0 ? Array(opening.utf8) : chunk
                    }, each: { _ in })
            } throws: { error in
                "\(error)".hasSuffix(": a number of more than 64 characters; no report writes one that long")
                    && sent < 3
            }
        }
        // Zeros without end inside a string, a row, or a member: each stops once one value passes the limit.
        let zeros = Array(repeating: UInt8(ascii: "0"), count: 64 << 10)
        let list = Array(String(repeating: "0,", count: 32 << 10).utf8)
        for (opening, chunk) in [
            (#"{"domains": [{"file": ""#, zeros), (#"{"domains": [{"urls": [["#, list), (#"{"changes": ["#, list),
        ] {
            var sent = 0
            #expect {
                _ = try ReportReader.stream(
                    name: "zeros", urls: .openedApp, limit: 1 << 20, stringLimit: 4 << 20,
                    source: {
                        defer { sent += 1 }
                        if sent > 1_000 { return nil }  // a bug would read 64 MB, then fail the test
                        return sent == 0 ? Array(opening.utf8) : chunk
                    }, each: { _ in })
            } throws: { error in
                let text = "\(error)"
                return text.hasPrefix("zeros is not an aasa-audit report.json: line 1, column ")
                    && text.hasSuffix(": a value of more than 1 MB; this reader stops there") && sent < 40
            }
        }
    }

    @Test func aDomainOfManyMembersStopsAtTheLimitToo() throws {
        let half = String(repeating: "x", count: 600 << 10)
        let text = #"{"domains": [{"a": "\#(half)", "b": "\#(half)"}]}"#
        var given: [UInt8]? = Array(text.utf8)
        #expect {
            _ = try ReportReader.stream(
                name: "big", urls: .full, limit: 1 << 20,
                source: {
                    defer { given = nil }
                    return given
                }, each: { _ in })
        } throws: { error in
            "\(error)"
                == "big is not an aasa-audit report.json: line 1, column \(text.utf8.count - 2): domains[0] besides its"
                + " URLs takes more than 1 MB; this reader stops there"
        }
    }

    @Test func aFileThatCannotBeReadSaysSo() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("absent-\(UUID().uuidString)").path
        #expect(throws: ReportReadError(file: path, problem: "no such file or directory", unreadable: true)) {
            try AuditReport.baseline(at: path)
        }
        #expect("\(ReportReadError(file: "x", problem: "y", unreadable: true))" == "cannot read x: y")
    }
}
