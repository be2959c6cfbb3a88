import Foundation
import Testing

@testable import AASA

/// The URL Standard's domain to ASCII (UTS #46 as browsers profile it): the fast path, mapping, Punycode both ways,
/// the validity criteria, and the IDNA cases of the WHATWG URL tests when `AASA_CONFORMANCE_DIR` names the
/// conformance data.
@Suite struct IDNATests {
    func ascii(_ domain: String) -> String? {
        try? IDNA.domainToASCII(domain).get()
    }

    func reason(_ domain: String) -> String? {
        if case .failure(let failure) = IDNA.domainToASCII(domain) { return failure.reason }
        return nil
    }

    @Test func asciiDomainsAreOnlyLowerCased() {
        #expect(ascii("example.com") == "example.com")
        #expect(ascii("WWW.Example.COM") == "www.example.com")
        #expect(ascii("a..b.") == "a..b.", "empty labels stay: no DNS length check")
        #expect(ascii("under_score.example") == "under_score.example", "UseSTD3ASCIIRules is off")
        #expect(ascii("-lead.trail-.ab--cd") == "-lead.trail-.ab--cd", "CheckHyphens is off")
        // Since whatwg/url PR #914 an ASCII domain never fails UTS #46, Punycode labels included: real sites use
        // labels that decode to mapped code points (ｗｗｗ) or break the bidi rule.
        #expect(ascii("XN--8I7CAA.example") == "xn--8i7caa.example")
        #expect(ascii("xn--a.example") == "xn--a.example")
        #expect(ascii("xn--") == "xn--")
        #expect(ascii("2.xn--mgbb") == "2.xn--mgbb")
        #expect(reason("") == "the domain is empty")
    }

    @Test func forbiddenDomainCodePointsFail() {
        #expect(reason("a b.example") == "the domain contains a character a host name cannot have: U+0020")
        #expect(reason("a%41.example") == "the domain contains a character a host name cannot have: U+0025")
        #expect(reason("a|b") == "the domain contains a character a host name cannot have: U+007C")
        #expect(reason("a\u{7F}b") == "the domain contains a character a host name cannot have: U+007F")
        // After mapping too: U+00A0 maps to a space, U+FF05 (fullwidth percent sign) to `%`.
        #expect(reason("a\u{A0}b") == "the domain contains a character a host name cannot have: U+0020")
        #expect(reason("\u{FF05}41.com") == "the domain contains a character a host name cannot have: U+0025")
    }

    @Test func everyForbiddenDomainCodePointFailsOnBothBranches() {
        let forbidden = Set(Array(UInt8(0)...0x20) + Array("#%/:<>?@[\\]^|".utf8) + [0x7F])
        for byte in UInt8(0)..<0x80 {
            let character = String(Unicode.Scalar(byte))
            #expect((reason("a\(character)b") != nil) == forbidden.contains(byte), "byte \(byte)")
            #expect((reason("\u{FC}\(character)b") != nil) == forbidden.contains(byte), "byte \(byte) beside ü")
        }
    }

    @Test func theASCIIBranchReturnsTheSameStringWhenNothingIsUpperCase() throws {
        #expect(try IDNA.asciiDomain("example.com")?.get() == "example.com")
        #expect(try IDNA.asciiDomain("EXAMPLE.com")?.get() == "example.com")
        #expect(IDNA.asciiDomain("bücher.example") == nil)
    }

    @Test func charactersAreMappedAsUTS46Says() {
        #expect(ascii("Bücher.example") == "xn--bcher-kva.example", "upper case")
        #expect(ascii("ＥＸＡＭＰＬＥ．ｃｏｍ") == "example.com", "fullwidth letters and full stop")
        #expect(ascii("faß.de") == "xn--fa-hia.de", "ß is kept: nontransitional")
        #expect(ascii("ex\u{AD}ample.com") == "example.com", "the soft hyphen is ignored")
        #expect(ascii("\u{2474}.example") == "(1).example", "mapped to several characters")
        // UTS #46 maps U+3002, U+FF0E and U+FF61 to a full stop, so they separate labels; the URL Standard adds
        // nothing of its own (its test `http://www.foo。bar.com` expects `www.foo.bar.com`).
        #expect(ascii("www.foo\u{3002}bar.com") == "www.foo.bar.com")
        #expect(ascii("a\u{FF61}b") == "a.b")
        #expect(reason("\u{AD}") == "the domain is empty once the characters IDNA ignores are removed")
    }

    @Test func normalizationIsNFCOfTheTablesUnicodeVersion() {
        #expect(ascii("cafe\u{301}.example") == ascii("caf\u{E9}.example"))
        // U+16D67 twice composes to U+16D68 (Kirat Rai, Unicode 16): Foundation's NFC on Linux misses it.
        #expect(ascii("\u{16D67}\u{16D67}.example") == ascii("\u{16D68}.example"))
        #expect(ascii("\u{16D67}\u{16D67}.example") != nil)
    }

    @Test func theStandardLibraryKnowsEveryCodePointTheTableAccepts() {
        // Canonical_Combining_Class and General_Category come from the standard library: it must be at least as new
        // as the generated table, or a newer combining mark would pass as a letter.
        #expect(IDNA.Table.unicodeVersion == "17.0.0")
        let starts = IDNA.Table.mappingStarts
        for (index, start) in starts.enumerated() where IDNA.Table.mappingValues[index] & 7 != 2 {
            let end = index + 1 < starts.count ? starts[index + 1] - 1 : 0x10FFFF
            for value in [start, end] {
                guard let scalar = Unicode.Scalar(value) else { continue }
                #expect(scalar.properties.age != nil, "U+\(String(value, radix: 16)) is unassigned in the stdlib")
            }
        }
    }

    static let rfc3492Samples: [(String, String)] = [
        // (A) Arabic (Egyptian)
        (
            "\u{644}\u{64A}\u{647}\u{645}\u{627}\u{628}\u{62A}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64A}\u{61F}",
            "egbpdaj6bu4bxfgehfvwxn"
        ),
        // (B) Chinese (simplified)
        ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
        // (C) Chinese (traditional)
        ("他們爲什麽不說中文", "ihqwctvzc91f659drss3x8bo0yb"),
        // (D) Czech
        ("Pročprostěnemluvíčesky", "Proprostnemluvesky-uyb24dma41a"),
        // (E) Hebrew
        (
            "\u{5DC}\u{5DE}\u{5D4}\u{5D4}\u{5DD}\u{5E4}\u{5E9}\u{5D5}\u{5D8}\u{5DC}\u{5D0}\u{5DE}\u{5D3}\u{5D1}\u{5E8}\u{5D9}\u{5DD}\u{5E2}\u{5D1}\u{5E8}\u{5D9}\u{5EA}",
            "4dbcagdahymbxekheh6e0a7fei0b"
        ),
        // (F) Hindi (Devanagari)
        (
            "यहल\u{94B}गह\u{93F}न\u{94D}द\u{940}क\u{94D}य\u{94B}\u{902}नह\u{940}\u{902}ब\u{94B}लसकत\u{947}ह\u{948}\u{902}",
            "i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd"
        ),
        // (G) Japanese (kanji and hiragana)
        ("なぜみんな日本語を話してくれないのか", "n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa"),
        // (H) Korean (Hangul syllables)
        ("세계의모든사람들이한국어를이해한다면얼마나좋을까", "989aomsvi5e83db1d2a355cv1e0vak1dwrv93d5xbh15a0dt30a5jpsd879ccm6fea98c"),
        // (I) Russian (Cyrillic), the RFC's upper-case D a mixed-case annotation
        ("почемужеонинеговорятпорусски", "b1abfaaepdrnnbgefbadotcwatmq2g4l"),
        // (J) Spanish
        ("PorquénopuedensimplementehablarenEspañol", "PorqunopuedensimplementehablarenEspaol-fmd56a"),
        // (K) Vietnamese
        ("TạisaohọkhôngthểchỉnóitiếngViệt", "TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g"),
        // (L) 3<nen>B<gumi><kinpachi><sensei>
        ("3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"),
        // (M) <amuro><namie>-with-SUPER-MONKEYS
        ("安室奈美恵-with-SUPER-MONKEYS", "-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n"),
        // (N) Hello-Another-Way-<sorezore><no><basho>
        ("Hello-Another-Way-それぞれの場所", "Hello-Another-Way--fc4qua05auwb3674vfr0b"),
        // (O) <hitotsu><yane><no><shita>2
        ("ひとつ屋根の下2", "2-u9tlzr9756bt3uc0v"),
        // (P) Maji<de>Koi<suru>5<byou><mae>
        ("MajiでKoiする5秒前", "MajiKoi5-783gue6qz075azm5e"),
        // (Q) <pafii>de<runba>
        ("パフィーdeルンバ", "de-jg4avhby1noc0d"),
        // (R) <sono><supiido><de>
        ("そのスピードで", "d9juau41awczczp"),
        // (S) -> $1.00 <-
        ("-> $1.00 <-", "-> $1.00 <--"),
    ]

    @Test func punycodeRoundTripsTheRFCSamples() {
        for (text, encoded) in Self.rfc3492Samples {
            #expect(Punycode.encode(Array(text.unicodeScalars)) == encoded, "\(encoded)")
            #expect(Punycode.decode(Substring(encoded)) == text, "\(encoded)")
        }
        #expect(Punycode.encode([]) == "")
        #expect(Punycode.encode(Array("abc".unicodeScalars)) == "abc-")
    }

    @Test func punycodeLabelsAreDecodedAndEncodedAgain() {
        #expect(ascii("xn--bcher-kva.example") == "xn--bcher-kva.example")
        #expect(ascii("XN--BCHER-KVA.example") == "xn--bcher-kva.example")
        #expect(ascii("xn--ls8h.la") == "xn--ls8h.la")
    }

    @Test func invalidPunycodeFailsInADomainThatIsNotASCII() {
        // The domain has a non-ASCII label (ü), so every label goes through UTS #46.
        #expect(reason("xn--bcher-kv.ü") == "a label is not valid Punycode: xn--bcher-kv")
        #expect(reason("xn--abc!.ü") == "a label is not valid Punycode: xn--abc!")
        #expect(reason("xn--a.ü") == "the domain contains a character IDNA disallows: U+0080", "valid Punycode")
        #expect(reason("xn--.ü") == "a label is Punycode for plain ASCII text, which IDNA refuses: xn--")
        #expect(reason("xn--abc-.ü") == "a label is Punycode for plain ASCII text, which IDNA refuses: xn--abc-")
        #expect(
            reason("xn--xn--bcher-kva-.ü")
                == "a label is Punycode for plain ASCII text, which IDNA refuses: xn--xn--bcher-kva-")
        #expect(reason("xn--bücher.example") == "a label that starts with xn-- contains the non-ASCII character U+00FC")
        // a⒈: U+2488 is disallowed, so Punycode that decodes to it fails too.
        #expect(reason("xn--a-ecp.ü") == "the domain contains a character IDNA disallows: U+2488")
        // Decoded labels must hold valid code points only: Ü (mapped) is not, ü is.
        #expect(reason("xn--bung-fna.ü") == "the domain contains a character IDNA disallows: U+00DC", "Übung")
        #expect(ascii("XN--Bcher-kva.ü") == "xn--bcher-kva.xn--tda", "the label is lower-cased before it is decoded")
        // ｗｗｗ: fine on its own as an ASCII domain, refused beside a Unicode label.
        #expect(reason("xn--8i7caa.ü") == "the domain contains a character IDNA disallows: U+FF57")
        // u + U+0308 is not NFC (ü is).
        #expect(
            reason("xn--u-ccb.ü") == "a label decodes to text that is not in Unicode normalization form C: xn--u-ccb")
        // A label that decodes to another `xn--` label (whatwg/url issue 603).
        #expect(reason("xn--xn---epa.ü") == "a label decodes to text that itself starts with xn--: xn--xn---epa")
    }

    @Test func disallowedCodePointsFail() {
        #expect(reason("a\u{FFFD}.example") == "the domain contains a character IDNA disallows: U+FFFD")
        #expect(reason("\u{2488}.example") == "the domain contains a character IDNA disallows: U+2488")
        #expect(reason("a\u{E0001}b") == "the domain contains a character IDNA disallows: U+E0001")
        #expect(reason("\u{301}a.example") == "a label of the domain starts with a combining mark: U+0301")
    }

    @Test func joinersNeedTheirContext() {
        // ZWJ right after a virama (U+094D DEVANAGARI SIGN VIRAMA) is allowed; anywhere else it is not.
        #expect(ascii("\u{915}\u{94D}\u{200D}.example") != nil)
        #expect(
            reason("\u{915}\u{200D}.example")
                == "the domain has a zero width joiner (U+200D) where no script joins letters")
        // ZWNJ: after a virama, or between Arabic letters that join (beh, dual-joining, on both sides).
        #expect(ascii("\u{915}\u{94D}\u{200C}\u{937}.example") != nil)
        #expect(ascii("\u{628}\u{200C}\u{628}") != nil)
        #expect(ascii("\u{628}\u{64E}\u{200C}\u{64E}\u{628}") != nil, "transparent marks between do not count")
        #expect(
            reason("a\u{200C}b.example")
                == "the domain has a zero width non-joiner (U+200C) where no script joins letters")
        #expect(reason("\u{627}\u{200C}\u{628}") != nil, "alef joins only to the right")
    }

    @Test func bidiDomainsFollowRFC5893() {
        #expect(ascii("\u{5D0}\u{5D1}.example") == "xn--4dbc.example")
        #expect(ascii("\u{5D0}1") != nil, "an RTL label may end with a European digit")
        #expect(
            reason("\u{5D0}1\u{661}")
                == "a label of the domain breaks the bidi rule: a right-to-left label cannot mix European and "
                + "Arabic-Indic digits")
        #expect(
            reason("\u{5D0}a")
                == "a label of the domain breaks the bidi rule: a right-to-left label cannot contain U+0061")
        #expect(
            reason("a\u{5D0}")
                == "a label of the domain breaks the bidi rule: a left-to-right label cannot contain U+05D0")
        #expect(
            reason("1a.\u{5D0}")
                == "a label of the domain breaks the bidi rule: in a domain with right-to-left text each label must "
                + "start with a letter, not U+0031")
        #expect(ascii("1a.example") == "1a.example", "no right-to-left text: no bidi rule")
        #expect(
            reason("\u{5D0}!")
                == "a label of the domain breaks the bidi rule: a right-to-left label cannot end with U+0021")
        #expect(ascii("\u{5D0}\u{5B0}") != nil, "non-spacing marks may follow the last letter")
        #expect(ascii("\u{5D0}.") != nil, "the empty label after a trailing dot has nothing to check")
    }
}
