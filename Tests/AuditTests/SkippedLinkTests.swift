import AASA
import Audit
import Foundation
import Testing

/// Which entries `links` skips for their scheme, with which kind, and how many it keeps. The runs themselves are in
/// EndToEndTests/SkippedLinksCommandTests.
@Suite struct SkippedLinkTests {
    func kind(_ text: String, _ schemes: URLSchemes? = nil) -> SkippedLink.Kind? {
        SkippedLink.classify(text, schemes: schemes)?.kind
    }

    @Test func eachSchemeGetsItsKind() {
        #expect(kind("itms-apps://apps.apple.com/app/id1") == .appStore)
        #expect(kind("ITMS-APPSS://apps.apple.com/app/id1") == .appStore, "schemes compare case-insensitively")
        #expect(kind("mailto:a@b.test") == .mail)
        for phone in ["tel:+1555", "sms:+1555", "mms:+1555", "facetime:a@b.test", "facetime-audio:+1", "callto:x"] {
            #expect(kind(phone) == .phone, "\(phone)")
        }
        for other in ["ftp://h/a", "data:text/plain,hi", "file:///etc/passwd", "ws://h/", "wss://h/", "javascript:x"] {
            #expect(kind(other) == .other, "\(other)")
        }
        for judged in ["https://a.test/", "HTTP://a.test/", "acmeshop://p/1", "/relative", "no scheme"] {
            #expect(kind(judged) == nil, "\(judged) is judged or refused, not skipped")
        }
        let plist = URLSchemes(file: "Info.plist", schemes: ["webcal", "tel"], unresolved: [])
        #expect(kind("webcal://cal.test/a.ics", plist) == .customScheme)
        #expect(kind("webcal://cal.test/a.ics") == .other)
        #expect(kind("tel:+1555", plist) == .phone, "the system answers tel: whatever an Info.plist says")
    }

    /// One rule: a scheme is skipped exactly when `link-custom-scheme` would not judge it, so no entry of a list
    /// is both skipped and judged, or neither (the runner ended a run as interrupted on such an entry).
    @Test func aSchemeIsSkippedExactlyWhenTheCustomSchemeCheckDoesNotJudgeIt() {
        let plist = URLSchemes(file: "Info.plist", schemes: ["webcal", "acmeshop"], unresolved: [])
        for scheme in SchemeLinks.systemSchemes.sorted() + ["acmeshop", "othershop", "fb123", "x-callback-url"] {
            for schemes in [nil, plist] {
                let link = "\(scheme)://host/path"
                let evidence = CustomSchemeEvidence(
                    link: link, foundOn: "list:1", schemes: schemes, replacement: nil, replacementSought: false)
                let judged = !Catalogue.check([evidence]).isEmpty
                #expect(judged == (SkippedLink.classify(link, schemes: schemes) == nil), "\(scheme)")
            }
        }
    }

    @Test func theFirstThousandAreKeptAndTheRestCountedInLinksJSON() throws {
        var skipped = SkippedLinks()
        for line in 1...1_500 {
            skipped.append(
                SkippedLink(input: "mailto:\(line)@b.test", source: "list:\(line)", kind: .mail, reason: "."))
        }
        #expect(skipped.entries.count == RefusedInputs.kept && skipped.omitted == 500 && skipped.count == 1_500)
        let report = LinksReport(
            version: "0", startedAt: Date(), finishedAt: Date(), interrupted: false, links: [], skipped: 1_500,
            skippedLinks: skipped, inputErrors: [], domains: ConsultedDomains([]))
        var data = Data()
        try report.writeJSON { data.append($0) }
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((object["skipped"] as? [Any])?.count == 1_000 && object["skippedOmitted"] as? Int == 500)
        #expect(report.skippedLinks == skipped)
        let none = LinksReport(
            version: "0", startedAt: Date(), finishedAt: Date(), interrupted: false, links: [], skipped: 0,
            inputErrors: [], domains: ConsultedDomains([]))
        var empty = Data()
        try none.writeJSON { empty.append($0) }
        let written = try #require(try JSONSerialization.jsonObject(with: empty) as? [String: Any])
        #expect((written["skipped"] as? [Any])?.isEmpty == true && written["skippedOmitted"] == nil)
    }
}
