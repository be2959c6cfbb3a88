import Foundation

/// A UTC date from its fields, by arithmetic (days from civil, proleptic Gregorian), with no formatter: Foundation's
/// DateFormatter leaked memory on malformed input under the fuzzer.
package func utcDate(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Date? {
    guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute),
        (0...60).contains(second), (1...9999).contains(year)
    else { return nil }
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
}
