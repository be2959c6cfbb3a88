import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// RFC 4180 records: quoted cells may hold commas, doubled quotes and line breaks; records end in CRLF.
func parseCSV(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var cell = ""
    var quoted = false
    var chars = Array(text.unicodeScalars)[...]
    while let c = chars.popFirst() {
        if quoted {
            if c == "\"" {
                if chars.first == "\"" {
                    cell.unicodeScalars.append(chars.removeFirst())
                } else {
                    quoted = false
                }
            } else {
                cell.unicodeScalars.append(c)
            }
        } else if c == "\"" {
            quoted = true
        } else if c == "," {
            record.append(cell)
            cell = ""
        } else if c == "\r" && chars.first == "\n" {
            chars.removeFirst()
            record.append(cell)
            records.append(record)
            record = []
            cell = ""
        } else {
            cell.unicodeScalars.append(c)
        }
    }
    return records
}

/// The real binary crawls seo.aasa.test (Tests/Fixtures/server.py) and every column of urls.csv and findings.csv
/// is checked against what the site serves.
@Suite struct CSVColumnsTests {
    static let server = FixtureServer.shared
    static let shop = "9JA89QQLNQ.com.acme.shop"
    static let clip = "9JA89QQLNQ.com.acme.clip"

    /// One audit for every test: the crawl is the slow part.
    /// Both tables by column name, the CSV files as written, and report.json.
    typealias Outputs = (urls: [[String: String]], findings: [[String: String]], raw: [String], reportJSON: Data)

    static let run: Task<Outputs, any Error> = Task {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["audit", "seo.aasa.test", "--crawl", "--format", "csv,json", "--out", out.path] + server.auditArguments,
            environment: ["NO_COLOR": "1"])
        guard result.status == 0 else { throw Failure(text: "exit \(result.status): \(result.stdout)\(result.stderr)") }
        var tables: [[[String: String]]] = []
        var raw: [String] = []
        for (name, headers) in [("urls.csv", URLsHeader.expected), ("findings.csv", FindingsHeader.expected)] {
            let text = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
            raw.append(text)
            let records = parseCSV(text)
            guard records.first == headers else { throw Failure(text: "\(name) header: \(records.first ?? [])") }
            tables.append(records.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(headers, $0)) })
        }
        return (tables[0], tables[1], raw, try Data(contentsOf: out.appendingPathComponent("report.json")))
    }

    struct Failure: Error, CustomStringConvertible { var text: String; var description: String { text } }

    enum URLsHeader {
        static let expected = [
            "domain", "url", "opens_app", "app_id", "apps", "rule", "rule_location", "http_status", "redirect_to",
            "depth", "found_on", "inlinks", "anchor_text", "note", "href", "content_type",
        ]
    }

    enum FindingsHeader {
        static let expected = [
            "domain", "id", "severity", "message", "url", "pointer", "line", "column", "hint", "reference",
            "suppressed", "suppressed_reason",
        ]
    }

    func row(_ path: String) async throws -> [String: String] {
        let urls = try await Self.run.value.urls
        return try #require(urls.first { $0["url"] == "https://seo.aasa.test\(path)" }, "\(path)")
    }

    @Test func everyURLsColumnHoldsWhatTheCrawlFound() async throws {
        let one = try await row("/shop/1")
        #expect(one["domain"] == "seo.aasa.test")
        #expect(one["opens_app"] == "yes")
        #expect(one["app_id"] == Self.shop)
        #expect(one["apps"] == "\(Self.shop);\(Self.clip)", "every app that would open it")
        #expect(one["rule"] == #"{"/": "/shop/*"}"#)
        #expect(one["rule_location"] == "/applinks/details/0/components/1")
        #expect(one["http_status"] == "200")
        #expect(one["redirect_to"] == "")
        #expect(one["depth"] == "1")
        #expect(one["found_on"] == "sitemap https://seo.aasa.test/sitemap.xml")
        #expect(one["inlinks"] == "2")
        #expect(one["anchor_text"] == "'=cmd|' /C calc'!A0", "a formula is neutralised")
        #expect(one["note"] == "", "found on a sitemap first: no page of the domain to tap it on")
        let tn3155 = "a tap on this link inside Safari, on a page of the same domain, stays in Safari (TN3155)"
        #expect(try await row("/shop/2")["note"] == tn3155)

        let excluded = try await row("/shop/private/x")
        #expect(excluded["opens_app"] == "no" && excluded["app_id"] == "" && excluded["apps"] == "")
        #expect(excluded["rule"] == #"{"/": "/shop/private/*", "exclude": true}"#, "the exclusion decided")
        #expect(excluded["rule_location"] == "/applinks/details/0/components/0")
        #expect(
            excluded["anchor_text"] == "Private" && excluded["depth"] == "1"
                && excluded["found_on"] == "https://seo.aasa.test/")
        #expect(excluded["note"] == "", "no TN3155 note for a URL no app opens")

        let home = try await row("/")
        #expect(home["opens_app"] == "no" && home["rule"] == "" && home["rule_location"] == "")
        #expect(home["depth"] == "0" && home["found_on"] == "" && home["anchor_text"] == "Home")

        let sitemapOnly = try await row("/shop/sitemap-only")
        #expect(sitemapOnly["depth"] == "", "known only from the sitemap")
        #expect(sitemapOnly["inlinks"] == "0" && sitemapOnly["anchor_text"] == "")

        let go = try await row("/go")
        #expect(go["http_status"] == "302")
        #expect(go["redirect_to"] == "https://seo.aasa.test/shop/7?q=%22a,b%22")
        #expect(go["note"] == "", "the target is in its own column, not in the note")
        let target = try await row("/shop/7?q=%22a,b%22")
        #expect(target["found_on"] == "https://seo.aasa.test/go" && target["depth"] == "1")

        let missing = try await row("/missing")
        #expect(missing["http_status"] == "404" && missing["anchor_text"] == "Gone")
    }

    @Test func hostileAnchorTextAndRedirectTargetsAreSafeCells() async throws {
        #expect(try await row("/shop/2")["anchor_text"] == #"Say "hi", there"#, "quotes and a comma round-trip")
        #expect(try await row("/shop/3")["anchor_text"] == "ctl[31mred end", "no control character survives collection")
        #expect(try await row("/shop/4")["anchor_text"] == "Shop logo", "an image link's alt text")
        #expect(try await row("/shop/5")["anchor_text"] == "Nested bold & entity text")
        #expect(try await row("/shop/6")["anchor_text"] == "Six from one", "first non-empty")
        #expect(try await row("/shop/area")["anchor_text"] == "Area alt")
        let long = String(("Long " + String(repeating: "word ", count: 80)).prefix(200)).trimmingCharacters(
            in: .whitespaces)
        #expect(try await row("/shop/long")["anchor_text"] == long, "cut at 200 characters, never mid-word-space")
        // A relative target is resolved and percent-encoded as followed; one that is no web URL is kept as sent,
        // its ESC shown as an escape.
        #expect(try await row("/go-ctl")["redirect_to"] == "https://seo.aasa.test/=cmd|'%20/C%20calc'!A0/%1B[31m")
        #expect(try await row("/go-app")["redirect_to"] == #"acmeshop://open/\u{1B}[31m=x"#)
        let raw = try await Self.run.value.raw
        for text in raw {
            let controls = text.unicodeScalars.filter {
                ($0.value < 0x20 && ![0x09, 0x0A, 0x0D].contains($0.value)) || (0x7F...0x9F).contains($0.value)
            }
            #expect(controls.isEmpty, "raw control characters: \(controls.map { $0.value })")
        }
        // Every record has every column: quoting held through newlines, quotes and commas.
        for records in raw.map(parseCSV) { #expect(Set(records.map(\.count)).count == 1) }
    }

    @Test func everyFindingsColumnHoldsTheFindingAndItsReference() async throws {
        let findings = try await Self.run.value.findings
        let typo = try #require(findings.first { $0["id"] == "unknown-key" })
        #expect(typo["domain"] == "seo.aasa.test")
        #expect(typo["severity"] == "warning")
        #expect(typo["message"]?.contains("exclued") == true)
        #expect(typo["url"] == "https://seo.aasa.test/.well-known/apple-app-site-association")
        #expect(typo["pointer"] == "/applinks/details/0/components/2/exclued")
        #expect(typo["line"] == "19" && typo["column"] == "13", "the key, on the file's line 19")
        #expect(typo["hint"]?.isEmpty == false)
        let reference = Catalogue.descriptions.first { $0.id == "unknown-key" }?.reference
        #expect(typo["reference"] == reference && reference?.hasPrefix("https://developer.apple.com/") == true)
        let broken = try #require(findings.first { $0["id"] == "crawl-page-error" })
        #expect(broken["url"] == "https://seo.aasa.test/" && broken["message"]?.contains("/missing") == true)
        #expect(broken["pointer"] == "" && broken["line"] == "" && broken["column"] == "")
        #expect(broken["reference"]?.hasPrefix("https://") == true)
        #expect(findings.allSatisfy { $0["reference"]?.isEmpty == false }, "every check names its Apple page")
        #expect(
            findings.allSatisfy { $0["suppressed"] == "no" && $0["suppressed_reason"] == "" }, "no ignore entry here")
    }

    @Test func reportJSONCarriesTheSameFields() async throws {
        let out = try tempDirectory()
        _ = try await Binary.run(
            ["audit", "seo.aasa.test", "--crawl", "--format", "json", "--out", out.path] + Self.server.auditArguments)
        let (report, object) = try readReport(out)
        let urls = try #require((object["domains"] as? [[String: Any]])?.first?["urls"] as? [[String: Any]])
        for key in ["redirectTo", "depth", "inlinks", "anchorText", "opens", "apps", "rule", "ruleLocation"] {
            #expect(urls.allSatisfy { $0.keys.contains(key) }, "urls[].\(key)")
        }
        let go = try #require(report.domains.first?.urls.first { $0.url == "https://seo.aasa.test/go" })
        #expect(go.redirectTo == "https://seo.aasa.test/shop/7?q=%22a,b%22" && go.depth == 1 && go.inlinks == 1)
        #expect(go.anchorText == "Go")
    }

    /// report.json's `opens`, `apps`, `rule` and `ruleLocation` (read as written, not through the Codable rows,
    /// which work them out again) hold exactly what urls.csv's `opens_app`, `apps`, `rule` and `rule_location` show,
    /// row by row, on a crawl with two apps sharing rules, an exclusion and URLs no rule decided.
    @Test func reportJSONAndURLsCSVAgreeRowByRow() async throws {
        let (csv, _, _, data) = try await Self.run.value
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let domains = try #require(object["domains"] as? [[String: Any]])
        let json = domains.flatMap { domain in
            (domain["urls"] as? [[String: Any]] ?? []).map { (domain["domain"] as? String ?? "", $0) }
        }
        #expect(json.count == csv.count && csv.count > 10)
        for (cells, (domain, row)) in zip(csv, json) {
            let url = row["url"] as? String ?? ""
            #expect(cells["domain"] == domain && cells["url"] == url, "rows in the same order")
            #expect(cells["content_type"] == row["contentType"] as? String ?? "", "\(url)")
            #expect(SchemaValidator.isBoolean(row["opens"] as Any), "\(url): opens is a boolean")
            let opens = try #require(row["opens"] as? Bool)
            #expect(cells["opens_app"] == (opens ? "yes" : "no"), "\(url)")
            #expect(cells["app_id"] == (row["opensApp"] as? String ?? ""), "\(url)")
            let apps = try #require(row["apps"] as? [String], "\(url): apps is an array, empty when none")
            #expect(cells["apps"] == apps.joined(separator: ";"), "\(url)")
            #expect(opens == !apps.isEmpty, "\(url)")
            for (column, key) in [("rule", "rule"), ("rule_location", "ruleLocation")] {
                #expect(row.keys.contains(key), "\(url): \(key) written, null when no rule decided")
                #expect(cells[column] == (row[key] as? String ?? ""), "\(url): \(key)")
            }
        }
        // The crawl holds every kind of row the fields tell apart.
        let rows = json.map(\.1)
        #expect(rows.contains { ($0["apps"] as? [String])?.count == 2 }, "two apps open one URL")
        #expect(rows.contains { $0["opens"] as? Bool == false && $0["rule"] is String }, "an exclusion decided")
        #expect(rows.contains { $0["opens"] as? Bool == false && $0["rule"] is NSNull }, "no rule decided")
        let excluded = try #require(rows.first { $0["url"] as? String == "https://seo.aasa.test/shop/private/x" })
        #expect(excluded["rule"] as? String == #"{"/": "/shop/private/*", "exclude": true}"#)
        #expect(excluded["ruleLocation"] as? String == "/applinks/details/0/components/0")
        #expect(excluded["apps"] as? [String] == [] && excluded["opensApp"] is NSNull)
    }
}
