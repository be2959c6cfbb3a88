import Testing

@testable import Crawling

/// robots.txt read as Google's reference parser (google/robotstxt robots.cc, RFC 9309's) reads it, one behaviour per
/// test; each of these files was misread before.
@Suite struct RobotsParsingTests {
    static func robots(_ text: String, token: String = Robots.token) -> Robots {
        Robots(parsing: Array(text.utf8), productToken: token)
    }

    static func robots(_ bytes: [UInt8]) -> Robots { Robots(parsing: bytes) }

    @Test func aByteOrderMarkOrThePartOfOneThatStartsTheFileIsSkipped() {
        let group = Array("User-agent: aasa-audit\nDisallow: /private\n".utf8)
        for mark in [[0xEF, 0xBB, 0xBF], [0xEF, 0xBB], [0xEF]] as [[UInt8]] {
            #expect(!Self.robots(mark + group).allows("/private"), "\(mark)")
        }
        // A broken mark is skipped only as far as it goes: "\x11\xBFUser-agent" is no user-agent line.
        #expect(Self.robots([0xEF, 0x11, 0xBF] + group).allows("/private"))
    }

    @Test func onlyLFCRAndCRLFEndALine() {
        let robots = Self.robots("User-agent: *\r\nDisallow: /a\rDisallow: /b\nDisallow: /c\u{85}Disallow: /d\u{0B}e")
        #expect(!robots.allows("/a") && !robots.allows("/b"))
        // NEL and VT end no line for Google: "/d" is part of the third rule's pattern.
        #expect(robots.allows("/d"))
        #expect(robots.rules.map(\.pattern) == ["/a", "/b", "/c%C2%85Disallow: /d\u{0B}e"])
    }

    @Test func aLineKeepsItsFirst16663BytesAndTheRestIsIgnored() {
        let long = String(repeating: "a", count: 20_000)
        let robots = Self.robots("User-agent: *\nDisallow: /\(long)x\n")
        // The rule is cut to the line's first 16,663 bytes, so it no longer ends in "x".
        let allowed = robots.allows("/\(long)")
        #expect(!allowed)
        let lengths = robots.rules.map(\.pattern.utf8.count)
        #expect(lengths == [RobotsLines.maximumLineBytes - "Disallow: ".count])
        #expect(RobotsLines.maximumLineBytes == 16_663)
    }

    @Test func aCommentOrANulEndsTheLinesText() {
        let robots = Self.robots("User-agent: * # every bot\nDisallow: /a#b\nDisallow: /n\u{0}x\n")
        #expect(!robots.allows("/a") && robots.allows("/b"))
        #expect(!robots.allows("/n"), "the pattern is /n: robots.cc reads a line as a C string")
    }

    @Test func theMistakesGoogleAcceptsAreAcceptedAndNoOthers() {
        let robots = Self.robots(
            """
            user agent: *
            Disallow /colon-less
            dissallow: /t1
            dissalow: /t2
            disalow: /t3
            diasllow: /t4
            disallaw: /t5
            Disallowed: /prefix
            Disallow /two words
            disallo: /not-a-typo-google-accepts
            """)
        for path in ["/colon-less", "/t1", "/t2", "/t3", "/t4", "/t5", "/prefix"] {
            #expect(!robots.allows(path), "\(path)")
        }
        #expect(robots.allows("/two"), "a colon-less line of three words is no directive")
        #expect(robots.allows("/not-a-typo-google-accepts"))
        #expect(!Self.robots("useragent: *\nDisallow: /x").allows("/x"))
        #expect(Self.robots("user agent *\nDisallow: /x").allows("/x"), "three words and no colon")
    }

    @Test func aUserAgentLineNamesUsByItsLeadingTokenNeverByAShorterOne() {
        for value in ["aasa-audit/2.0", "aasa-audit (compatible; +https://x)", "AASA-Audit", "aasa-audit*"] {
            let robots = Self.robots("User-agent: *\nDisallow: /\n\nUser-agent: \(value)\nDisallow: /ours\n")
            #expect(robots.allows("/page") && !robots.allows("/ours"), "\(value) names aasa-audit")
        }
        for value in ["aasa", "aasa-audit-extra", "aasa-aud", "aasa_audit"] {
            let robots = Self.robots("User-agent: *\nDisallow: /\n\nUser-agent: \(value)\nDisallow: /ours\n")
            #expect(!robots.allows("/page"), "\(value) is another agent's group")
        }
    }

    @Test func aStarFollowedByWhitespaceIsStillTheGroupForEveryAgent() {
        #expect(!Self.robots("User-agent: * all bots\nDisallow: /x").allows("/x"))
        #expect(Self.robots("User-agent: *bot\nDisallow: /x").allows("/x"), "*bot names no agent")
    }

    @Test func sitemapCrawlDelayAndUnknownLinesDoNotEndAGroup() {
        let robots = Self.robots(
            """
            User-agent: aasa-audit
            Sitemap: https://example.com/sitemap.xml
            Crawl-delay: 4
            Noindex: /whatever
            User-agent: otherbot
            Disallow: /private
            """)
        #expect(!robots.allows("/private"), "aasa-audit and otherbot share one group")
        #expect(robots.crawlDelay == 4)
        #expect(robots.sitemaps == ["https://example.com/sitemap.xml"])
    }

    @Test func ourGroupsMergeRulesOutsideGroupsAreIgnoredAndAnEmptyGroupOfOursShadowsTheStar() {
        let merged = Self.robots(
            """
            Disallow: /before-any-agent
            User-agent: aasa-audit
            Disallow: /a
            User-agent: otherbot
            Disallow: /b
            User-agent: aasa-audit/2.0
            Disallow: /c
            """)
        #expect(!merged.allows("/a") && merged.allows("/b") && !merged.allows("/c"))
        #expect(merged.allows("/before-any-agent"))
        let empty = Self.robots("User-agent: *\nDisallow: /\n\nUser-agent: aasa-audit/1.0\n")
        #expect(empty.allows("/anything"), "a group of ours without rules still means the * group is not ours")
    }

    @Test func patternsArePercentEncodedAsGoogleDoes() {
        let robots = Self.robots("User-agent: *\nDisallow: /caf\u{E9}\nDisallow: /a%2fb\nAllow: /ok%7e\n")
        #expect(!robots.allows("/caf%C3%A9/menu"), "non-ASCII as UTF-8 percent-escapes")
        #expect(!robots.allows("/a%2Fb"), "%xx upper-cased")
        #expect(robots.rules.map(\.pattern) == ["/caf%C3%A9", "/a%2Fb", "/ok%7E"])
        // Longest match counts the escaped pattern's bytes: "/%C3%A9ab" (9) beats "/%C3%A9a" (8), though "/éab" as
        // written is 4 characters.
        let lengths = Self.robots("User-agent: *\nDisallow: /%C3%A9a\nAllow: /\u{E9}ab\n")
        #expect(lengths.allows("/%C3%A9abc"))
    }

    @Test func anAllowedIndexPageAlsoAllowsItsFolder() {
        let robots = Self.robots("User-agent: *\nDisallow: /shop/\nAllow: /shop/index.html\nAllow: /blog/index.htm\n")
        #expect(robots.allows("/shop/") && robots.allows("/shop/index.html"))
        #expect(!robots.allows("/shop/other") && !robots.allows("/shop/?q=1"), "only the folder itself")
        #expect(robots.rules.map(\.pattern).contains("/blog/$"))
    }

    @Test func theProductTokenChoosesTheGroup() {
        let text = "User-agent: *\nDisallow: /star\n\nUser-agent: probe-bot\nDisallow: /probe\n"
        let probe = Self.robots(text, token: Robots.productToken(of: "Probe-Bot/3 (+https://probe.example)"))
        #expect(!probe.allows("/probe") && probe.allows("/star"))
        let ours = Self.robots(text)
        #expect(ours.allows("/probe") && !ours.allows("/star"))
        #expect(Robots.productToken(of: CrawlOptions().userAgent) == Robots.token)
        #expect(Robots.productToken(of: "/1.0") == "")
        #expect(Self.robots("User-agent: /x\nDisallow: /", token: "").allows("/"), "an empty token names no group")
    }
}
