import AASA
import Audit
import CLibXML2
import Foundation
import Reporting
import Testing

/// The checks a domain's JUnit suite lists: every check but the link checks, which judge `links` runs only, and the
/// Android checks, which are cases only of a run with `--android` (the manifest's only of its own suite).
let domainCheckCount =
    Catalogue.descriptions.count - Catalogue.linkChecks.count - Catalogue.androidChecks.count
    - Catalogue.androidFileChecks.count - Catalogue.dynamicRuleChecks.count - Catalogue.androidManifestChecks.count

/// A report carrying hostile site content everywhere a site controls text.
func hostileReport() -> AuditReport {
    let evil = "<script>alert('x')</script>\"&"
    let file =
        #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/shop/*", "comment": "\#(evil.replacingOccurrences(of: "\"", with: "\\\""))"}]}]}}"#
    let finding = Finding(
        id: "content-type", severity: .error, message: "served as \(evil)",
        location: FindingLocation(url: "https://e.com/\(evil)", pointer: "/applinks", line: 1, column: 2),
        why: "because \(evil)", hint: "fix \(evil)", reference: "https://developer.apple.com/x")
    let exchange = Exchange(
        location: .wellKnown, url: "https://e.com/.well-known/apple-app-site-association", userAgent: "AASA-Bot/1.0.0",
        httpStatus: 200,
        contentType: "text/html; \(evil)", headers: [HeaderField(name: "Apple-Failure-Details", value: evil)],
        bytes: 10,
        redirectTo: "https://e.com/\(evil)", error: evil,
        tls: TLSFacts(protocolVersion: "TLSv1.3", verified: true, issuer: evil, daysLeft: 3))
    let verdict = AppVerdict(appID: "9JA89QQLNQ.com.acme.shop", result: .match, rule: nil, reason: "r")
    let urls = [
        URLReport(
            url: "https://e.com/=HYPERLINK(\"http://evil\")", foundOn: "+cmd|' /C calc'!A0", httpStatus: 200,
            verdicts: [verdict], opensApp: "9JA89QQLNQ.com.acme.shop", note: "-2+3",
            redirectTo: "=cmd|' /C calc'!A0", depth: 2, inlinks: 5, anchorText: "=HYPERLINK(\"http://evil\",\"x\")",
            href: "@SUM(1)"),
        URLReport(
            url: "https://e.com/a,b\n\"c\"", foundOn: "@SUM(1)", httpStatus: nil, verdicts: [verdict], opensApp: nil,
            note: "\tx", redirectTo: "acme://\u{1B}[2J\u{7}\u{85}", anchorText: "-1\u{7F}\"q\"\r\nnext"),
    ]
    let domain = DomainReport(
        domain: "e.com", notes: [evil], fetches: [exchange], apps: [AppServices(appID: evil, services: ["applinks"])],
        findings: [finding],
        entitlements: [evil],
        crawl: DomainReport.CrawlSummary(
            pagesFetched: 2, urlsDiscovered: 2, stoppedBecause: evil, robotsDisallowed: 0, trapsSkipped: 0,
            otherSchemes: [evil: 1], ruleHits: []),
        urls: URLTable(urls), file: file)
    return AuditReport(
        version: "test", startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1),
        interrupted: false, notAudited: [], domains: [domain])
}

@Suite struct ReportWritersTests {
    @Test func htmlEscapesEverySiteControlledString() {
        let html = HTMLReport.render(hostileReport())
        #expect(
            html.components(separatedBy: "<script").count - 1 == 1, "no site content becomes markup: one script, ours")
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot;&amp;"))
        #expect(!html.contains("http://") || !html.contains("src=\"http"), "no external requests")
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.hasSuffix("</html>\n"))
        #expect(html.contains("<style>") && !html.contains("<link rel=\"stylesheet\""))
    }

    @Test func htmlShowsTheOffendingLineOfTheFile() {
        let html = HTMLReport.render(hostileReport())
        #expect(html.contains("<span class=\"hl\"><span class=\"ln\">1</span>{&quot;applinks&quot;"))
    }

    @Test func csvQuotesAndNeutralisesFormulas() {
        let csv = URLsCSV.render(hostileReport())
        let lines = csv.components(separatedBy: "\r\n")
        #expect(
            lines[0]
                == "domain,url,opens_app,app_id,apps,rule,rule_location,http_status,redirect_to,depth,found_on,inlinks,"
                + "anchor_text,note,href,content_type")
        #expect(lines[1].contains(#""https://e.com/=HYPERLINK(""http://evil"")""#))
        #expect(lines[1].contains(#",200,'=cmd|' /C calc'!A0,2,'+cmd|' /C calc'!A0,5,"#), "redirect target neutralised")
        #expect(lines[1].contains(#","'=HYPERLINK(""http://evil"",""x"")","#), "anchor text quoted and neutralised")
        #expect(lines[1].hasSuffix(",'-2+3,'@SUM(1),"), "the href neutralised too")
        #expect(csv.contains("\"https://e.com/a,b\n\"\"c\"\"\""), "RFC 4180 quoting of commas, quotes and line breaks")
        #expect(csv.contains("'@SUM(1)") && csv.contains("'\tx"))
        #expect(csv.contains(#",acme://\u{1B}[2J\u{7}\u{85},"#), "controls in a redirect target shown, not written")
        #expect(csv.contains("\"'-1\\u{7F}\"\"q\"\"\r\nnext\""), "anchor text: formula, DEL, quotes and a line break")
    }

    @Test func csvCellsStartingWithFormulaCharactersAreDefused() {
        for prefix in ["=", "+", "-", "@", "\t", "\r"] {
            #expect(CSV.cell(prefix + "1").hasPrefix("'") || CSV.cell(prefix + "1").hasPrefix("\"'"))
        }
        #expect(CSV.cell("plain") == "plain")
    }

    @Test func csvShowsControlCharactersAsEscapes() {
        #expect(CSV.cell("a\u{1B}[2Jb\u{0}\u{7}") == #"a\u{1B}[2Jb\u{0}\u{7}"#)
        #expect(CSV.cell("\u{7F}x\u{9B}1m\u{85}") == #"\u{7F}x\u{9B}1m\u{85}"#, "DEL and C1 controls too")
        #expect(CSV.cell("\u{1}=cmd") == #"\u{1}=cmd"#, "escaped first, so no formula character leads")
        #expect(CSV.cell("tab\there") == "tab\there" && CSV.cell("\u{A0}é\u{2028}") == "\u{A0}é\u{2028}")
    }

    @Test func csvQuotesLineBreaksOfEveryKind() {
        #expect(CSV.cell("a\r\nb") == "\"a\r\nb\"", "CRLF is one Character in Swift; a Character test missed it")
        #expect(CSV.cell("a\nb") == "\"a\nb\"" && CSV.cell("a\rb") == "\"a\rb\"")
        #expect(CSV.cell("=1,\"x\"") == "\"'=1,\"\"x\"\"\"")
        #expect(CSV.cell("café ✓") == "café ✓")
    }

    @Test func junitHasASuitePerDomainAndAFailurePerFinding() throws {
        let xml = JUnitReport.render(hostileReport(), failOn: .error)
        #expect(xml.contains(#"<testsuite name="e.com" tests="\#(domainCheckCount)" failures="1">"#))
        #expect(xml.contains(#"<testcase classname="e.com" name="content-type">"#))
        #expect(!xml.contains("<script>"))
        // Well-formed to libxml2's strict XML parser (FoundationXML's XMLDocument leaks under LeakSanitizer).
        let bytes = Array(xml.utf8)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlReadMemory($0, Int32(buffer.count), "junit.xml", nil, Int32(XML_PARSE_NONET.rawValue))
            }
        }
        #expect(document != nil, "JUnit XML is well-formed")
        xmlFreeDoc(document)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 1)
    }

    /// Parses with libxml2's strict XML parser; nil when the text is not well-formed XML.
    static func parses(_ xml: String) -> Bool {
        let bytes = Array(xml.utf8)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlReadMemory($0, Int32(buffer.count), "junit.xml", nil, Int32(XML_PARSE_NONET.rawValue))
            }
        }
        defer { xmlFreeDoc(document) }
        return document != nil
    }

    @Test func junitStaysWellFormedWhateverCharactersTheSiteSent() throws {
        // Every character XML 1.0 forbids (C0 but tab, LF, CR; U+FFFE; U+FFFF), and DEL, C1 and noncharacters.
        var forbidden = (0..<0x20).filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
        forbidden += [0x7F, 0x80, 0x9B, 0x9F, 0xFDD0, 0xFFFE, 0xFFFF, 0x1FFFE, 0x10FFFF]
        let evil = String(String.UnicodeScalarView(forbidden.compactMap(Unicode.Scalar.init)))
        var report = hostileReport()
        report.domains[0].findings[0].message = "app ID 9JA89QQLNQ.\(evil)"
        report.domains[0].findings[0].hint = evil
        report.domains[0].domain = "e\(evil).com"
        let xml = JUnitReport.render(report, failOn: .error)
        #expect(Self.parses(xml), "JUnit XML is well-formed")
        for value in forbidden {
            #expect(!xml.unicodeScalars.contains { $0.value == value }, "U+\(String(value, radix: 16)) written raw")
        }
        #expect(xml.contains(#"9JA89QQLNQ.\u{0}\u{1}\u{2}"#) && xml.contains(#"\u{1B}"#))
        #expect(xml.contains(#"\u{FFFE}\u{FFFF}\u{1FFFE}\u{10FFFF}"#))
        #expect(escapeHTML("tab\tLF\nCR\r é ✓") == "tab\tLF\nCR\r é ✓", "what XML allows stays as it is")
        let html = HTMLReport.render(report)
        #expect(!html.unicodeScalars.contains { forbidden.contains(Int($0.value)) })
    }

    @Test func entitlementFindingsFailTheJUnitReportAndTheMarkdownSummary() {
        let finding = Finding(
            id: "entitlement-entry-format", severity: .error, message: "not a domain",
            location: FindingLocation(url: "App.entitlements", pointer: "/x/6"), why: "w", hint: "h")
        let passing = DomainReport(domain: "good.example", fetches: [], apps: [], findings: [])
        let report = AuditReport(
            version: "t", startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1),
            interrupted: false, notAudited: [], domains: [passing],
            entitlements: .init(file: "App.entitlements", appID: "9JA89QQLNQ.a.b", entries: [], findings: [finding]))
        let xml = JUnitReport.render(report, failOn: .error)
        // The entitlements suite has a case per check that reads an entitlements file.
        let entitlementCases = Catalogue.entitlementChecks.count
        #expect(
            xml.contains(
                #"<testsuites name="aasa-audit" tests="\#(domainCheckCount + entitlementCases)" failures="1">"#
            ))
        #expect(
            xml.contains(#"<testsuite name="entitlements App.entitlements" tests="\#(entitlementCases)" failures="1">"#)
        )
        #expect(xml.contains(#"<failure type="error" message="not a domain">"#))
        #expect(Self.parses(xml))
        #expect(JUnitReport.render(report, failOn: .error).components(separatedBy: "<failure ").count == 2)
        let md = MarkdownReport.render(report)
        // The entitlements file is no domain: the headline names it apart from the failing domains.
        #expect(md.hasPrefix("### Universal Links audit: entitlements failing\n"), "\(md)")
        #expect(md.contains("| entitlements `App.entitlements` | ❌ fail | `entitlement-entry-format` |"))
    }

    @Test func aFindingOutsideTheCatalogueStillFailsTheJUnitReport() {
        var report = hostileReport()
        report.domains[0].findings[0].id = "not-in-the-catalogue"
        let xml = JUnitReport.render(report, failOn: .error)
        #expect(xml.contains(#"<testcase classname="e.com" name="not-in-the-catalogue">"#))
        #expect(xml.contains(#"tests="\#(domainCheckCount + 1)" failures="1">"#))
    }

    @Test func markdownSummarisesForAPullRequest() {
        let md = MarkdownReport.render(hostileReport())
        #expect(md.contains("| e.com | ❌ fail | `content-type` |"))
    }

    @Test func sarifCarriesRulesAndRegions() throws {
        let text = try SARIFReport.render(
            file: "aasa.json", findings: hostileReport().domains[0].findings, version: "t")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let rules = try #require(
            ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.count == Catalogue.descriptions.count)
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        #expect(result["ruleId"] as? String == "content-type" && result["level"] as? String == "error")
        let region =
            ((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"]
            as? [String: Any]
        #expect(region?["startLine"] as? Int == 1 && region?["startColumn"] as? Int == 2)
    }
}

@Suite struct BaselineTests {
    @Test func changesNameNewAndResolvedFindingsFileChangesAndFlippedVerdicts() {
        let before = hostileReport()
        var after = hostileReport()
        after.domains[0].findings = [
            Finding(
                id: "tls-expiring", severity: .warning, message: "m", location: FindingLocation(url: "u"), why: "w",
                hint: "h")
        ]
        after.domains[0].fetches[0].sha256 = "new"
        var flipped = Array(after.domains[0].urls)
        flipped[0].opensApp = nil
        after.domains[0].urls = URLTable(flipped)
        let changes = Changes.compare(before, after, baseline: "old.json")
        #expect(changes.newFindings.map(\.id) == ["tls-expiring"])
        #expect(changes.resolvedFindings.map(\.id) == ["content-type"])
        #expect(changes.contentChanged.map(\.domain) == ["e.com"])
        #expect(changes.verdictFlips.count == 1 && changes.verdictFlips[0].before == "9JA89QQLNQ.com.acme.shop")
        #expect(!changes.isEmpty)
        #expect(Changes.compare(before, before, baseline: "x").isEmpty)
    }
}

@Suite struct PrettyFileTests {
    @Test func aMinifiedFileIsAlsoShownIndentedAndEscaped() {
        var report = hostileReport()
        let long = String(repeating: "x", count: 250)
        report.domains[0].file =
            #"{"applinks":{"details":[{"appIDs":["9JA89QQLNQ.a.b"],"components":[{"/":"/\#(long)","comment":"<b>"}]}]}}"#
        let html = HTMLReport.render(report)
        #expect(html.contains("pretty-printed"))
        #expect(html.contains("<span class=\"ln\">2</span>  &quot;applinks&quot;: {"))
        #expect(html.contains("&quot;&lt;b&gt;&quot;") && !html.contains("\"<b>\""))
    }

    @Test func prettyTextKeepsKeyOrderAndReparses() throws {
        let text = ##"{"z":1,"a":[{"/":"/x"},{"#":"y"}],"e":[],"s":["a","b"]}"##
        let root = try #require(DecodedFile(bytes: Array(text.utf8)).root)
        let pretty = root.prettyText()
        #expect(pretty.hasPrefix("{\n  \"z\": 1,\n  \"a\": ["))
        let again = try #require(DecodedFile(bytes: Array(pretty.utf8)).root)
        #expect(again.jsonText == root.jsonText)
    }
}
