import AASA

/// The ranges every number read back from a report, a shard or a run's log must fall in, checked before any of them
/// is added, compared or counted up to: a shard's count of 0 or 2^62, a summary or omitted count of 2^63−1 and an
/// `inlinks` of 10^15 trapped or looped; a negative omitted count turned a failing domain into a passing one.
/// Such a file was edited or is not this tool's: it is refused, naming the JSON path and the value.
enum ReportNumbers {
    /// The largest number a report holds: no count, size, index, line or millisecond a run writes comes near it,
    /// and a sum of a million of them stays far inside `Int`.
    static let maximum = 1_000_000_000_000
    /// The most findings one domain (or the entitlements file) may stand for, those a truncation left out
    /// included: a check keeps 100 per file or crawl and counts the rest, and no file or crawl raises a billion.
    static let maximumFindings = 1_000_000_000
    /// Members whose number may be negative: a certificate's days left (below zero once it has expired).
    static let signed: Set<String> = ["daysLeft"]

    /// The first number in `json` (one JSON value, valid as the scanner passed it) outside its range, as
    /// "PATH: VALUE is …"; nil when every one is in range. `root` names the value's place ("domains[3]", or "" for
    /// the report itself).
    static func problem(in json: [UInt8], root: String) -> String? {
        json.withUnsafeBufferPointer { bytes in
            var walker = Walker(bytes: bytes)
            guard let (path, value, reason) = walker.value() else { return nil }
            let names = path.map { component -> Component in
                guard case .key(let range) = component else { return component }
                return .name(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
            }
            return "\(name(names, root: root)): \(value) \(reason)"
        }
    }

    /// Why `text`, a JSON number under the member `key`, is out of range; nil when it is not.
    static func reason(_ text: String, key: String?) -> String? {
        let signed = key.map(Self.signed.contains) ?? false
        let bound = signed ? "from -\(maximum) to \(maximum)" : "from 0 to \(maximum)"
        let negative: Bool
        if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            guard let number = Double(text), number.isFinite, abs(number) <= Double(maximum) else {
                return "is out of range (\(bound))"
            }
            negative = number < 0
        } else {
            guard let number = Int(text), number.magnitude <= UInt(maximum) else { return "is out of range (\(bound))" }
            negative = number < 0
        }
        return negative && !signed ? "is negative (\(bound))" : nil
    }

    /// Of a URL row (read by hand or by JSONDecoder, never through the walker), the first number out of range. Every
    /// row of a crawl passes here, so an in-range row costs a few comparisons and no allocation. The row's own
    /// numbers (`httpStatus`, `depth`, `inlinks`) were checked as they were read, against the narrower ranges its
    /// facts keep (`URLFacts.httpStatuses`, `URLFacts.pageCounts`).
    static func problem(in row: URLReport, root place: () -> String) -> String? {
        func fits(_ value: Int) -> Bool { (0...maximum).contains(value) }
        func fits(_ rule: RuleReference?) -> Bool {
            guard let rule else { return true }
            return fits(rule.detailsIndex) && fits(rule.ruleIndex) && fits(rule.line) && fits(rule.column)
        }
        guard !row.verdicts.allSatisfy({ fits($0.rule) }) else { return nil }
        let root = place()
        for (position, verdict) in row.verdicts.enumerated() {
            guard let rule = verdict.rule else { continue }
            let numbers = [
                ("detailsIndex", rule.detailsIndex), ("ruleIndex", rule.ruleIndex), ("line", rule.line),
                ("column", rule.column),
            ]
            for (key, value) in numbers {
                if let reason = reason(String(value), key: key) {
                    return "\(root).verdicts[\(position)].rule.\(key): \(value) \(reason)"
                }
            }
        }
        return nil
    }

    /// How many findings of each severity `findings` stand for, worked out without a trap; nil when the total
    /// passes `maximumFindings` (each count is already within `maximum`, but a list of them may add up past `Int`).
    static func tally(_ findings: [Finding]) -> Int? {
        var total = 0
        for finding in findings {
            for severity in Severity.allCases {
                let (sum, overflow) = total.addingReportingOverflow(finding.count(severity))
                guard !overflow, sum <= maximumFindings else { return nil }
                total = sum
            }
        }
        return total
    }

    /// `domains[3].findings[0].omitted.errors`; a member name that is not a plain word is quoted
    /// (`shard.positions["a.example"]`).
    static func name(_ path: [Component], root: String) -> String {
        var text = root
        for component in path {
            switch component {
            case .index(let index): text += "[\(index)]"
            case .key: break
            case .name(let key):
                let plain = !key.isEmpty && key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
                if plain {
                    text += text.isEmpty ? key : "." + key
                } else {
                    text += "[\"\(key)\"]"
                }
            }
        }
        return text
    }

    enum Component {
        /// A member name's bytes in the text walked (turned into `name` only for a message).
        case key(Range<Int>)
        case name(String)
        case index(Int)
    }

    /// Walks valid JSON text, keeping the path to the value it is in; stops at the first number out of range.
    struct Walker {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var path: [Component] = []

        init(bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        /// One value; the first number out of range as (path, text, reason).
        mutating func value() -> ([Component], String, String)? {
            skipSpace()
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return nil
                }
                while index < bytes.count {
                    skipSpace()
                    let key = string()
                    skipSpace()
                    index += 1  // ':'
                    path.append(.key(key))
                    if let found = value() { return found }
                    path.removeLast()
                    skipSpace()
                    let separator = index < bytes.count ? bytes[index] : UInt8(ascii: "}")
                    index += 1
                    if separator == UInt8(ascii: "}") { break }
                }
                return nil
            case UInt8(ascii: "["):
                index += 1
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return nil
                }
                var position = 0
                while index < bytes.count {
                    path.append(.index(position))
                    if let found = value() { return found }
                    path.removeLast()
                    position += 1
                    skipSpace()
                    let separator = index < bytes.count ? bytes[index] : UInt8(ascii: "]")
                    index += 1
                    if separator == UInt8(ascii: "]") { break }
                }
                return nil
            case UInt8(ascii: "\""):
                _ = string()
                return nil
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = index
                // The common case, a whole number of a few digits, is judged without making a string.
                var plain = 0
                var small = true
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                    plain = plain &* 10 &+ Int(bytes[index] - UInt8(ascii: "0"))
                    small = small && index - start < 13
                    index += 1
                }
                let whole = index == bytes.count || !"+-.eE".utf8.contains(bytes[index])
                if whole && small && index > start && plain <= ReportNumbers.maximum { return nil }
                while index < bytes.count, "+-.eE0123456789".utf8.contains(bytes[index]) { index += 1 }
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                var key: String?
                if case .key(let range) = path.last {
                    key = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                }
                guard let reason = ReportNumbers.reason(text, key: key) else { return nil }
                return (path, text, reason)
            default:
                // true, false, null
                while index < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[index]) { index += 1 }
                return nil
            }
        }

        /// Where a string's text lies, as written (escapes left as they are: a name in a path needs no more); the
        /// index moves past its closing quote.
        mutating func string() -> Range<Int> {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            let end = min(index, bytes.count)
            index += 1
            return start..<end
        }
    }
}
