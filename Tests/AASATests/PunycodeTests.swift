import AASA
import Testing

/// RFC 3492's decoding, checked against the RFC's own samples (section 7.1).
@Suite struct PunycodeTests {
    static func scalars(_ values: [UInt32]) -> String {
        var s = ""
        for v in values { s.unicodeScalars.append(Unicode.Scalar(v)!) }
        return s
    }

    @Test func theRFCSamplesDecode() {
        // (A) Arabic (Egyptian)
        #expect(
            Punycode.decode("egbpdaj6bu4bxfgehfvwxn")
                == Self.scalars([
                    0x0644, 0x064A, 0x0647, 0x0645, 0x0627, 0x0628, 0x062A, 0x0643, 0x0644, 0x0645, 0x0648, 0x0634,
                    0x0639, 0x0631, 0x0628, 0x064A, 0x061F,
                ]))
        // (B) Chinese (simplified)
        #expect(
            Punycode.decode("ihqwcrb4cv8a8dqg056pqjye")
                == Self.scalars([0x4ED6, 0x4EEC, 0x4E3A, 0x4EC0, 0x4E48, 0x4E0D, 0x8BF4, 0x4E2D, 0x6587]))
        // (L) 3<nen>B<gumi><kinpachi><sensei>: basic code points, upper case kept
        #expect(
            Punycode.decode("3B-ww4c5e180e575a65lsy2b")
                == Self.scalars([0x0033, 0x5E74, 0x0042, 0x7D44, 0x91D1, 0x516B, 0x5148, 0x751F]))
        #expect(Punycode.decode("bcher-kva") == "bücher")
        #expect(Punycode.decode("mnchen-3ya") == "münchen")
    }

    @Test func invalidInputIsRefused() {
        #expect(Punycode.decode("99999999999999") == nil, "overflow")
        #expect(Punycode.decode("abc!") == nil, "not a base-36 digit")
        #expect(Punycode.decode("bcher-kv") == nil, "ends inside a number")
        #expect(Punycode.decode(Substring(String(repeating: "a", count: 300))) == nil, "longer than any label")
    }

    @Test func hostsShowUnicodeWithThePunycodeBeside() {
        #expect(Punycode.unicodeHost("www.xn--bcher-kva.example") == "www.bücher.example")
        #expect(Punycode.unicodeHost("XN--BCHER-KVA.example") == "bücher.example")
        #expect(Punycode.unicodeHost("shop.example") == nil)
        #expect(Punycode.unicodeHost("xn--!!.example") == nil)
        #expect(Punycode.display("xn--bcher-kva.example") == "bücher.example (xn--bcher-kva.example)")
        #expect(Punycode.display("shop.example") == "shop.example")
        #expect(
            Punycode.display("xn--bcher-kva.example", unicode: "bücher.example")
                == "bücher.example (xn--bcher-kva.example)")
    }
}
