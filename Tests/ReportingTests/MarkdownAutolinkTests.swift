import AASA
import Audit
import Foundation
import Testing

@testable import Reporting

/// summary.md goes into a GitHub job summary or a pull-request comment, where GitHub turns `https://…`, `www.…` and
/// e-mail addresses into links even when their punctuation is escaped: text a site or a file chose that could
/// become one is written in a code span, so the summary carries no link a site chose.
@Suite struct MarkdownAutolinkTests {
    static let linkLike = [
        "https://evil.example/login", "WWW.evil.example", "phish@evil.example", "mailto:x@evil.example",
        "xmpp:bot@evil.example", "ftp://evil.example/x",
    ]

    /// The text outside every code span.
    static func outsideCodeSpans(_ markdown: String) -> String {
        markdown.replacing(/`[^`\n]*`/, with: "")
    }

    @Test func appIDsAddedOrRemovedAndRefusedLinesAreInCodeSpans() throws {
        let before = hostileReport()
        var after = hostileReport()
        after.domains[0].apps = Self.linkLike.map { AppServices(appID: $0, services: ["applinks"]) }
        after.domains[0].fetches[0].sha256 = "new"
        after.inputErrors = Self.linkLike.map {
            InputError(input: $0, source: "d.txt:1", reason: "not a domain: \($0)")
        }
        after.changes = Changes.compare(before, after, baseline: "old.json")
        let markdown = MarkdownReport.render(after)
        for text in Self.linkLike {
            #expect(markdown.contains("`\(text)`"), "\(text) is shown, in a code span")
        }
        let outside = Self.outsideCodeSpans(markdown).lowercased()
        #expect(!outside.contains("://") && !outside.contains("www.") && !outside.contains("@"), "\(outside)")
        #expect(markdown.contains("apps added `"), "\(markdown)")
    }

    @Test func plainTextStaysPlainEscapedText() {
        #expect(MarkdownReport.md("shop.example") == "shop.example")
        #expect(MarkdownReport.md("a*b_c") == #"a\*b\_c"#)
        #expect(MarkdownReport.md("https://x.example/a`b") == #"`https://x.example/a\u{60}b`"#)
    }
}
