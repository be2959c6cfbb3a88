import AASA
import Foundation

/// A page's encoding for the queries of its links: the URL Standard percent-encodes a query in the document's
/// encoding, so `?q=é` on a windows-1252 page is sent as `%E9`, not UTF-8's `%C3%A9`. Labels are the Encoding
/// Standard's; an encoding Foundation cannot encode on this platform is reported, and UTF-8 used instead.
/// - SeeAlso: https://url.spec.whatwg.org/#query-state, https://encoding.spec.whatwg.org/#names-and-labels
enum QueryEncoding {
    /// What a page's charset means for its links' queries.
    enum Choice: Equatable {
        /// UTF-8 (or a label for it, or none): the parser's default.
        case utf8
        case legacy(String.Encoding)
        /// An encoding Foundation lacks here, by its Encoding Standard name: queries fall back to UTF-8.
        case unsupported(String)
    }

    /// The choice for a charset label (case-insensitive, surrounding white space ignored).
    static func choice(forLabel label: String?) -> Choice {
        guard let label, !isUTF8(label) else { return .utf8 }
        let key = label.trimmingCharacters(in: .whitespaces).lowercased()
        // A label this table lacks is named as written: its queries go as UTF-8, and the page's row says so.
        guard let name = names[key] else { return key.isEmpty ? .utf8 : .unsupported(key) }
        if name == "UTF-8" { return .utf8 }
        guard let encoding = foundation[name], supported(encoding) else { return .unsupported(name) }
        return .legacy(encoding)
    }

    /// "UTF-8" or "utf8" in any case, read off the bytes: nearly every page says so, and the crawl asks per page.
    static func isUTF8(_ label: String) -> Bool {
        let bytes = label.utf8
        guard bytes.count == 5 || bytes.count == 4 else { return false }
        var letters = bytes.lazy.filter { $0 != UInt8(ascii: "-") }.makeIterator()
        for expected in "utf8".utf8 {
            guard let byte = letters.next(), ASCII.lower(byte) == expected else { return false }
        }
        return letters.next() == nil && (bytes.count == 4 || bytes.dropFirst(3).first == UInt8(ascii: "-"))
    }

    /// The encoder `WebURL.parse` calls with a query's text: the bytes in `encoding`, each character it cannot
    /// represent written as `&#NNN;` (the Standard's "html" error mode), which the parser then percent-encodes.
    static func encoder(_ encoding: String.Encoding) -> @Sendable (Substring) -> [UInt8] {
        { text in
            if text.utf8.allSatisfy({ $0 < 0x80 }) { return Array(text.utf8) }
            if let data = String(text).data(using: encoding) { return [UInt8](data) }
            var out: [UInt8] = []
            for character in text {
                if let data = String(character).data(using: encoding) {
                    out += data
                } else {
                    for scalar in character.unicodeScalars { out += Array("&#\(scalar.value);".utf8) }
                }
            }
            return out
        }
    }

    /// Whether this Foundation encodes `encoding` (swift-corelibs-foundation lacks some, e.g. Big5 and EUC-KR).
    static func supported(_ encoding: String.Encoding) -> Bool {
        "a".data(using: encoding) == Data([0x61])
    }

    /// Encoding Standard names of the legacy encodings, as Foundation knows them. The raw values are
    /// CoreFoundation's encodings (CFStringEncoding | 0x8000_0000), which Foundation has no constant for.
    static let foundation: [String: String.Encoding] = [
        "windows-1252": .windowsCP1252, "ISO-8859-2": .isoLatin2, "windows-1250": .windowsCP1250,
        "windows-1251": .windowsCP1251, "windows-1253": .windowsCP1253, "windows-1254": .windowsCP1254,
        "Shift_JIS": .shiftJIS, "EUC-JP": .japaneseEUC, "ISO-2022-JP": .iso2022JP,
        "macintosh": .macOSRoman, "gb18030": String.Encoding(rawValue: 0x8000_0632),
        "GBK": String.Encoding(rawValue: 0x8000_0421), "Big5": String.Encoding(rawValue: 0x8000_0A03),
        "EUC-KR": String.Encoding(rawValue: 0x8000_0940), "KOI8-R": String.Encoding(rawValue: 0x8000_0A02),
        "ISO-8859-15": String.Encoding(rawValue: 0x8000_020F),
    ]

    /// Label → Encoding Standard name, for UTF-8 and the legacy encodings above (the Standard's labels).
    static let names: [String: String] = {
        let table: [String: [String]] = [
            "UTF-8": ["unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "utf-8", "utf8", "x-unicode20utf8"],
            "windows-1252": [
                "ansi_x3.4-1968", "ascii", "cp1252", "cp819", "csisolatin1", "ibm819", "iso-8859-1", "iso-ir-100",
                "iso8859-1", "iso88591", "iso_8859-1", "iso_8859-1:1987", "l1", "latin1", "us-ascii", "windows-1252",
                "x-cp1252",
            ],
            "ISO-8859-2": [
                "csisolatin2", "iso-8859-2", "iso-ir-101", "iso8859-2", "iso88592", "iso_8859-2", "iso_8859-2:1987",
                "l2", "latin2",
            ],
            "ISO-8859-15": [
                "csisolatin9", "iso-8859-15", "iso8859-15", "iso885915", "iso_8859-15", "l9",
            ],
            "windows-1250": ["cp1250", "windows-1250", "x-cp1250"],
            "windows-1251": ["cp1251", "windows-1251", "x-cp1251"],
            "windows-1253": ["cp1253", "windows-1253", "x-cp1253"],
            "windows-1254": [
                "cp1254", "csisolatin5", "iso-8859-9", "iso-ir-148", "iso8859-9", "iso88599", "iso_8859-9",
                "iso_8859-9:1989", "l5", "latin5", "windows-1254", "x-cp1254",
            ],
            "macintosh": ["csmacintosh", "mac", "macintosh", "x-mac-roman"],
            "KOI8-R": ["cskoi8r", "koi", "koi8", "koi8-r", "koi8_r"],
            "GBK": [
                "chinese", "csgb2312", "csiso58gb231280", "gb2312", "gb_2312", "gb_2312-80", "gbk", "iso-ir-58",
                "x-gbk",
            ],
            "gb18030": ["gb18030"],
            "Big5": ["big5", "big5-hkscs", "cn-big5", "csbig5", "x-x-big5"],
            "EUC-JP": ["cseucpkdfmtjapanese", "euc-jp", "x-euc-jp"],
            "ISO-2022-JP": ["csiso2022jp", "iso-2022-jp"],
            "Shift_JIS": [
                "csshiftjis", "ms932", "ms_kanji", "shift-jis", "shift_jis", "sjis", "windows-31j", "x-sjis",
            ],
            "EUC-KR": [
                "cseuckr", "csksc56011987", "euc-kr", "iso-ir-149", "korean", "ks_c_5601-1987", "ks_c_5601-1989",
                "ksc5601", "ksc_5601", "windows-949",
            ],
        ]
        var names: [String: String] = [:]
        for (name, labels) in table { for label in labels { names[label] = name } }
        return names
    }()
}
