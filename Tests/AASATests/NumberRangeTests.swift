import AASA
import Foundation
import Testing

/// Numbers a device's JSON parser cannot hold make the whole file unreadable: `json-number-out-of-range`.
@Suite struct NumberRangeTests {
    static let digits400 = String(repeating: "9", count: 400)
    static let outOfRange = ["1e400", "-1e400", digits400, "-" + digits400, "1.7976931348623159e308", "1E309"]
    static let inRange = [
        "1e308", "-1e308", "1.7976931348623157e308", "1e-400", "-1e-400", "4.9e-324", "0e999999999",
        "18446744073709551616", "1" + String(repeating: "0", count: 308), "0", "-0.0", "42",
    ]

    func findings(_ number: String) -> [Finding] {
        let text = "{\"applinks\": {\"details\": []},\n  \"comment\": [1, \(number)]}"
        return Catalogue.check(DecodedFile(bytes: Array(text.utf8))).filter { $0.id == "json-number-out-of-range" }
    }

    @Test(arguments: outOfRange) func aNumberBeyondADoubleIsAnErrorWhereItIs(_ number: String) throws {
        let found = findings(number)
        #expect(found.count == 1)
        let finding = try #require(found.first)
        #expect(finding.severity == .error)
        #expect(finding.location.pointer == "/comment/1")
        #expect(finding.location.line == 2 && finding.location.column == 18)
        #expect(finding.message.count < 200, "a 400-digit number is shortened in the message")
    }

    @Test(arguments: inRange) func numbersADeviceAcceptsAreNotFlagged(_ number: String) {
        #expect(findings(number).isEmpty)
    }

    /// The rule is Foundation's own: JSONSerialization (NSJSONSerialization on a device) refuses exactly the
    /// numbers flagged here, and accepts the rest (underflow to 0 included).
    @Test(arguments: outOfRange + inRange) func foundationAgrees(_ number: String) {
        let foundationReads = (try? JSONSerialization.jsonObject(with: Data("[\(number)]".utf8))) != nil
        #expect(foundationReads == findings(number).isEmpty, "\(number)")
    }

    @Test func everyOffendingNumberIsReportedNotJustTheFirst() {
        let text = #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.a.b"], "x": {"a": 1e999, "b": [-1e999]}}]}}"#
        let found = Catalogue.check(DecodedFile(bytes: Array(text.utf8))).filter {
            $0.id == "json-number-out-of-range"
        }
        #expect(found.compactMap(\.location.pointer) == ["/applinks/details/0/x/a", "/applinks/details/0/x/b/0"])
    }
}
