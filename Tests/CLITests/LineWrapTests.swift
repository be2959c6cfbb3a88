import Foundation
import Testing

@testable import AuditCLI

/// Long lines wrapped at spaces to the terminal's width, never cut; none without a width.
@Suite struct LineWrapTests {
    static let fix =
        #"Exclude the rest before it: {"/": "/wf/unsubscribe*", "exclude": true}, {"/": "/asm/*", "exclude": true}."#

    @Test func aLongLineIsWrappedAtSpacesWithEveryWordKept() {
        let lines = Terminal(colour: false, width: 40).wrap(Self.fix, prefix: "  fix: ", indent: "       ")
        #expect(lines.count > 1)
        #expect(lines.allSatisfy { $0.count <= 40 }, "\(lines)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("       ") && !$0.hasPrefix("        ") })
        let rejoined = lines.map { $0.drop(while: { $0 == " " }) }.joined(separator: " ")
        #expect(rejoined == "fix: " + Self.fix)
    }

    @Test func aWordLongerThanTheWidthStaysWholeOnItsOwnLine() {
        let long = String(repeating: "x", count: 50)
        let lines = Terminal(colour: false, width: 20).wrap("a \(long) b", prefix: "", indent: "  ")
        #expect(lines == ["a", "  " + long, "  b"])
    }

    @Test func withoutAWidthOrWhenItFitsTheLineIsWhole() {
        #expect(Terminal(colour: false).wrap(Self.fix, prefix: "  fix: ", indent: " ") == ["  fix: " + Self.fix])
        #expect(Terminal(colour: false, width: 200).wrap("short", prefix: "> ", indent: " ") == ["> short"])
    }
}
