import AASA

/// URL rows of report.json and domains.jsonl read straight from their bytes: a crawl's report is read back row by
/// row when its reports are written (and a baseline when it is compared), and JSONDecoder took a tenth of a
/// 5,000-page crawl's CPU doing it. Only the plain shape the writer produces is read here; anything else (another
/// type where a value belongs, a number with a fraction, invalid UTF-8) gives nil, and the caller hands the row to
/// JSONDecoder, which reads what it can and says exactly what is wrong with the rest. A test holds the two to the
/// same rows.
enum URLRowReader {
    /// A full row: every field, verdicts included.
    static func row(_ bytes: [UInt8]) -> URLReport? {
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = Cursor(bytes: buffer)
            guard let row = cursor.urlReport(), cursor.atEnd else { return nil }
            return row
        }
    }

    /// The URL, the app it opens and whether that is unknown (`"opens": null`): all a baseline compares.
    static func openedApp(_ bytes: [UInt8]) -> (url: String, opensApp: String?, unknown: Bool)? {
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = Cursor(bytes: buffer)
            var url: String?
            var opensApp: String?
            var unknown = false
            var seen = Seen()
            let read = cursor.object { cursor, key in
                switch key {
                case "url":
                    url = cursor.string()
                    return seen.first(0) && url != nil
                case "opensApp": return seen.first(1) && cursor.optional(&opensApp) { $0.string() }
                case "opens": return seen.first(2) && cursor.opens(&unknown)
                default: return cursor.skipValue()
                }
            }
            guard read, cursor.atEnd, let url else { return nil }
            return (url, opensApp, unknown)
        }
    }

    /// The known members read so far: JSONDecoder keeps a member's first value, so a row that names one twice is
    /// left to it.
    struct Seen {
        private var bits: UInt32 = 0

        mutating func first(_ member: Int) -> Bool {
            defer { bits |= 1 << member }
            return bits & 1 << member == 0
        }
    }

    /// JSON text, read forward; every method returns nil or false at the first thing it does not expect.
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var atEnd: Bool {
            mutating get {
                skipSpace()
                return index == bytes.count
            }
        }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x0A, 0x0D, 0x09: index += 1
                default: return
                }
            }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// `{…}`, each member's value read by `member` (given the key), which returns whether it could.
        mutating func object(_ member: (inout Cursor, String) -> Bool) -> Bool {
            guard take(UInt8(ascii: "{")) else { return false }
            if take(UInt8(ascii: "}")) { return true }
            repeat {
                skipSpace()
                guard let key = string(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}"))
        }

        /// `null` leaves `value` nil; anything else is read by `read`.
        mutating func optional<T>(_ value: inout T?, _ read: (inout Cursor) -> T?) -> Bool {
            skipSpace()
            if literal("null") {
                value = nil
                return true
            }
            value = read(&self)
            return value != nil
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] { return false }
            index += count
            return true
        }

        /// A string; nil for raw control characters, a bad escape or invalid UTF-8, as JSONDecoder refuses them.
        mutating func string() -> String? {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return nil }
            index += 1
            let start = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let text = String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    index += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
                if byte < 0x20 { return nil }
                index += 1
            }
            return nil
        }

        /// The rest of a string that has escapes, from its first byte at `start`.
        private mutating func escapedString(from start: Int) -> String? {
            var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return String(validating: out, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { return nil }
                    let escape = bytes[index]
                    index += 1
                    if let plain = JSONParser.unescaped(escape) {
                        out.append(plain)
                    } else if escape == UInt8(ascii: "u"), let scalar = unicodeEscape() {
                        out += Array(String(Character(scalar)).utf8)
                    } else {
                        return nil
                    }
                default:
                    if byte < 0x20 { return nil }
                    out.append(byte)
                }
            }
            return nil
        }

        /// The four hex digits after a `\u` (and a second `\u` escape for a surrogate pair) as one scalar; nil for
        /// a lone surrogate.
        private mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let high = hex4() else { return nil }
            if (0xD800..<0xDC00).contains(high) {
                guard literal("\\u"), let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            }
            return Unicode.Scalar(high)
        }

        private mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = JSONParser.hexValue(bytes[index]) else { return nil }
                value = value << 4 | digit
                index += 1
            }
            return value
        }

        /// A whole number as JSON writes one (no fraction, no exponent), within `Int`.
        mutating func int() -> Int? {
            skipSpace()
            let negative = take(UInt8(ascii: "-"))
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
                return nil
            }
            if bytes[index] == UInt8(ascii: "0"), index + 1 < bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index + 1])
            {
                return nil
            }
            var value = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                // Built on the negative side when negative: Int.min has no positive counterpart.
                let digit = Int(bytes[index] - UInt8(ascii: "0"))
                let (times, o1) = value.multipliedReportingOverflow(by: 10)
                let (next, o2) =
                    negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
                guard !o1, !o2 else { return nil }
                value = next
                index += 1
            }
            if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
                return nil
            }
            return value
        }

        /// Any value, read past: the members a row writes for people (`opens`, `apps`, `rule`, `ruleLocation`)
        /// and any a later version adds.
        mutating func skipValue(depth: Int = 0) -> Bool {
            guard depth < 64 else { return false }
            skipSpace()
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: "\""): return string() != nil
            case UInt8(ascii: "{"): return object { cursor, _ in cursor.skipValue(depth: depth + 1) }
            case UInt8(ascii: "["):
                index += 1
                if take(UInt8(ascii: "]")) { return true }
                repeat {
                    guard skipValue(depth: depth + 1) else { return false }
                } while take(UInt8(ascii: ","))
                return take(UInt8(ascii: "]"))
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return int() != nil
            }
        }

        /// `opens`: a boolean, or `null` for an unknown answer.
        mutating func opens(_ unknown: inout Bool) -> Bool {
            skipSpace()
            if literal("null") {
                unknown = true
                return true
            }
            return literal("true") || literal("false")
        }

        /// `true`, `false` or `null` (nil).
        mutating func optionalBool(_ value: inout Bool?) -> Bool {
            skipSpace()
            if literal("null") {
                value = nil
            } else if literal("true") {
                value = true
            } else if literal("false") {
                value = false
            } else {
                return false
            }
            return true
        }

        mutating func urlReport() -> URLReport? {
            var url: String?
            var verdicts: [AppVerdict]?
            var unknown = false
            // The Android members count only when `opensAndroid` is there, as the Codable row reads them.
            var judgedAndroid = false
            var android = URLReport.Android(opens: nil, package: nil, rule: nil)
            var row = URLReport(url: "", foundOn: nil, httpStatus: nil, verdicts: [], opensApp: nil, note: nil)
            var seen = Seen()
            let read = object { cursor, key in
                switch key {
                case "url":
                    url = cursor.string()
                    return seen.first(0) && url != nil
                case "foundOn": return seen.first(1) && cursor.optional(&row.foundOn) { $0.string() }
                case "httpStatus": return seen.first(2) && cursor.optional(&row.httpStatus) { $0.int() }
                case "opensApp": return seen.first(3) && cursor.optional(&row.opensApp) { $0.string() }
                case "note": return seen.first(4) && cursor.optional(&row.note) { $0.string() }
                case "redirectTo": return seen.first(5) && cursor.optional(&row.redirectTo) { $0.string() }
                case "depth": return seen.first(6) && cursor.optional(&row.depth) { $0.int() }
                case "inlinks": return seen.first(7) && cursor.optional(&row.inlinks) { $0.int() }
                case "anchorText": return seen.first(8) && cursor.optional(&row.anchorText) { $0.string() }
                case "href": return seen.first(10) && cursor.optional(&row.href) { $0.string() }
                case "opens": return seen.first(11) && cursor.opens(&unknown)
                case "unknownReason": return seen.first(12) && cursor.optional(&row.unknownReason) { $0.string() }
                case "opensAndroid":
                    judgedAndroid = true
                    return seen.first(13) && cursor.optionalBool(&android.opens)
                case "androidPackage": return seen.first(14) && cursor.optional(&android.package) { $0.string() }
                case "androidRule": return seen.first(15) && cursor.optional(&android.rule) { $0.string() }
                case "androidUnknownReason":
                    return seen.first(16) && cursor.optional(&android.unknownReason) { $0.string() }
                case "verdicts":
                    verdicts = cursor.array { $0.appVerdict() }
                    return seen.first(9) && verdicts != nil
                default: return cursor.skipValue()
                }
            }
            guard read, let url, let verdicts else { return nil }
            if unknown && row.unknownReason == nil { row.unknownReason = URLReport.unknownWithoutReason }
            if judgedAndroid {
                android.settleUnknown()
                row.android = android
            }
            row.url = url
            row.verdicts = verdicts
            return row
        }

        mutating func array<T>(_ element: (inout Cursor) -> T?) -> [T]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var elements: [T] = []
            if take(UInt8(ascii: "]")) { return elements }
            repeat {
                guard let next = element(&self) else { return nil }
                elements.append(next)
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? elements : nil
        }

        mutating func appVerdict() -> AppVerdict? {
            var appID: String?
            var result: MatchResult?
            var rule: RuleReference?
            var reason: String?
            var seen = Seen()
            let read = object { cursor, key in
                switch key {
                case "appID":
                    appID = cursor.string()
                    return seen.first(0) && appID != nil
                case "result":
                    result = cursor.string().flatMap(MatchResult.init(rawValue:))
                    return seen.first(1) && result != nil
                case "reason":
                    reason = cursor.string()
                    return seen.first(2) && reason != nil
                case "rule": return seen.first(3) && cursor.optional(&rule) { $0.ruleReference() }
                default: return cursor.skipValue()
                }
            }
            guard read, let appID, let result, let reason else { return nil }
            return AppVerdict(appID: appID, result: result, rule: rule, reason: reason)
        }

        mutating func ruleReference() -> RuleReference? {
            var detailsIndex: Int?
            var ruleIndex: Int?
            var format: AASADocument.RuleFormat?
            var pointer: String?
            var rule: String?
            var line: Int?
            var column: Int?
            var seen = Seen()
            let read = object { cursor, key in
                switch key {
                case "detailsIndex":
                    detailsIndex = cursor.int()
                    return seen.first(0) && detailsIndex != nil
                case "ruleIndex":
                    ruleIndex = cursor.int()
                    return seen.first(1) && ruleIndex != nil
                case "format":
                    format = cursor.string().flatMap(AASADocument.RuleFormat.init(rawValue:))
                    return seen.first(2) && format != nil
                case "pointer":
                    pointer = cursor.string()
                    return seen.first(3) && pointer != nil
                case "rule":
                    rule = cursor.string()
                    return seen.first(4) && rule != nil
                case "line":
                    line = cursor.int()
                    return seen.first(5) && line != nil
                case "column":
                    column = cursor.int()
                    return seen.first(6) && column != nil
                default: return cursor.skipValue()
                }
            }
            guard read, let detailsIndex, let ruleIndex, let format, let pointer, let rule, let line, let column else {
                return nil
            }
            return RuleReference(
                detailsIndex: detailsIndex, ruleIndex: ruleIndex, format: format, pointer: pointer, rule: rule,
                line: line, column: column)
        }
    }
}
