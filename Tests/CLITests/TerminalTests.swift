import Foundation
import Testing

@testable import AuditCLI

/// `Terminal.safe`: what a terminal would act on is shown, everything else passes through unchanged.
@Suite struct TerminalTests {
    @Test func controlsDELC1AndBidiControlsBecomeVisibleEscapes() {
        #expect(Terminal.safe("a\u{1B}]0;title\u{7}b") == #"a\u{1B}]0;title\u{7}b"#)
        #expect(
            Terminal.safe("\u{0}\u{8}\r\n\t\u{7F}\u{80}\u{9B}\u{9F}")
                == #"\u{0}\u{8}\u{D}\u{A}\u{9}\u{7F}\u{80}\u{9B}\u{9F}"#)
        let bidi: [UInt32] = [
            0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
        ]
        for value in bidi + [0x2028, 0x2029] {
            let c = Character(Unicode.Scalar(value)!)
            #expect(Terminal.safe("x\(c)y") == "x\\u{\(String(value, radix: 16, uppercase: true))}y")
        }
    }

    @Test func ordinaryTextIsUnchanged() {
        let text = "https://café.example/ü/日本語?q=✓ — \"quoted\" \\u{1B} already text"
        #expect(Terminal.safe(text) == text)
        #expect(Terminal.safe("") == "")
        #expect(Terminal.safe("a\u{200D}b\u{FEFF}") == "a\u{200D}b\u{FEFF}", "joiners and BOM do not act on a terminal")
    }

    @Test func lineBreaksAndTabsCanBeKeptForOurOwnMultiLineText() {
        #expect(Terminal.safe("one\n\ttwo\r\u{1B}[2J", keepingLineBreaks: true) == "one\n\ttwo\\u{D}\\u{1B}[2J")
    }

    @Test func escapingIsIdempotent() {
        let once = Terminal.safe("\u{1B}[31m\u{202E}")
        #expect(Terminal.safe(once) == once)
    }

    @Test func colourCodesWeAddStayAndSiteTextInsideThemIsEscaped() {
        let terminal = Terminal(colour: true)
        #expect(terminal.paint(Terminal.safe("\u{1B}[2J"), "1") == "\u{1B}[1m\\u{1B}[2J\u{1B}[0m")
    }
}

/// Lines the tool prints can be read by a GitHub Actions runner in a plain `run:` step: nothing from a site or a
/// file may spell a workflow command there.
@Suite struct WorkflowCommandTests {
    @Test(arguments: [
        "::add-mask::secret", "  ::error::x", "\u{A0}\t::stop-commands::t", "ok\n::set-output name=a::b",
        "x ##[error]boom", "##[add-mask]s",
    ])
    func noLineCanStartAWorkflowCommand(_ text: String) {
        for printed in [Terminal.inert(text), Terminal.inert(Terminal.safe(text, keepingLineBreaks: true))] {
            for line in printed.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.drop { $0.unicodeScalars.allSatisfy(\.properties.isWhitespace) }
                #expect(!trimmed.hasPrefix("::"), "\(printed)")
                #expect(!line.contains("##["), "\(printed)")
            }
        }
    }

    @Test func textWithoutACommandIsUnchanged() {
        for text in ["a::b", "std::vector", "#[", "# ##x", "https://x.example/#a::b", "\n a :: b"] {
            #expect(Terminal.inert(text) == text)
        }
        #expect(Terminal.inert("::x::y") == #"\u{3A}:x::y"#)
        #expect(Terminal.inert("a##[b") == #"a#\u{23}[b"#)
    }

    @Test func jsonKeepsItsValueAndLosesTheOlderCommandForm() throws {
        let json = #"{"m":"a##[error]b","n":"::x"}"#
        let safe = Terminal.safeJSON(json)
        #expect(!safe.contains("##["))
        let value = try JSONSerialization.jsonObject(with: Data(safe.utf8)) as? [String: String]
        #expect(value == ["m": "a##[error]b", "n": "::x"])
    }
}
