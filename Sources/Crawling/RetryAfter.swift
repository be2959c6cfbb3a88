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

    /// An IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"), the form RFC 9110 requires senders to use.
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.date(from: text)
    }
}
