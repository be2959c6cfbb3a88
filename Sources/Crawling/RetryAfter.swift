import AASA
import Foundation

/// The `Retry-After` header of a 429 or 503 (RFC 9110 §10.2.3): delay-seconds or an HTTP date. A site controls it,
/// so every value comes out finite and at least 0 (`nan`, `inf`, `1e300`, `-5`, a 400-digit number or a date in
/// the year 9999 cannot trap a conversion); the crawl then caps what it waits.
enum RetryAfter {
    /// Longest value returned: the crawl's cap is far below it.
    static let ceiling: Double = 86_400 * 365

    /// Seconds asked for, at most `ceiling`; nil when the header is absent or not understood.
    static func seconds(_ header: String?, now: Date = Date()) -> Double? {
        guard let text = header?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if let number = Double(text) {
            guard !number.isNaN else { return nil }
            return min(max(number, 0), ceiling)
        }
        guard let date = httpDate(text) else { return nil }
        let seconds = date.timeIntervalSince(now)
        guard !seconds.isNaN else { return nil }
        return min(max(seconds, 0), ceiling)
    }

    /// An IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), the form RFC 9110 requires senders to use, read by
    /// arithmetic: Foundation's DateFormatter leaked 128 bytes on each malformed date (found by the robots fuzz
    /// target), and a site can send one with every 429.
    static func httpDate(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[25...] == Array(" GMT".utf8)[...],
            days.contains(String(decoding: bytes[0..<3], as: UTF8.self)),
            let month = months.firstIndex(of: String(decoding: bytes[8..<11], as: UTF8.self))
        else { return nil }
        // Separators and digits at fixed places.
        guard [4, 7, 11, 16].allSatisfy({ bytes[$0] == UInt8(ascii: " ") }),
            [19, 22].allSatisfy({ bytes[$0] == UInt8(ascii: ":") }),
            [5, 6, 12, 13, 14, 15, 17, 18, 20, 21, 23, 24].allSatisfy({
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[$0])
            })
        else { return nil }
        func number(_ range: Range<Int>) -> Int { bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
        return utcDate(
            year: number(12..<16), month: month + 1, day: number(5..<7), hour: number(17..<19),
            minute: number(20..<22), second: number(23..<25))
    }

    static let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
}
