import AASA
import Foundation
import TestSupport
import Testing

func decode(_ text: String) -> DecodedFile { DecodedFile(bytes: Array(text.utf8)) }

/// A real-world breakage, the position the error must name, and words the message must use.
struct Breakage: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let line: Int
    let column: Int
    let words: String
    var testDescription: String { name }
}

let breakages: [Breakage] = [
    Breakage(
        name: "trailing comma in object", text: "{\n  \"applinks\": {\"details\": []},\n}", line: 2, column: 30,
        words: "Trailing comma"),
    Breakage(name: "trailing comma in array", text: #"{"a": [1, 2,]}"#, line: 1, column: 12, words: "Trailing comma"),
    Breakage(
        name: "line comment", text: "{\n  // applinks\n  \"applinks\": {}\n}", line: 2, column: 3,
        words: "Comments are not allowed"),
    Breakage(name: "block comment", text: "{ /* x */ }", line: 1, column: 3, words: "Comments are not allowed"),
    Breakage(name: "single quotes", text: "{'applinks': {}}", line: 1, column: 2, words: "Single quotes"),
    Breakage(
        name: "smart quotes", text: "{\u{201C}applinks\u{201D}: {}}", line: 1, column: 2, words: "Typographic quote"),
    Breakage(
        name: "smart quotes in a value", text: "{\"a\": \u{201C}b\u{201D}}", line: 1, column: 7,
        words: "Typographic quote"),
    Breakage(name: "raw line break in a string", text: "{\"a\": \"b\nc\"}", line: 1, column: 9, words: "line break"),
    Breakage(name: "raw tab in a string", text: "{\"a\": \"b\tc\"}", line: 1, column: 9, words: "a tab"),
    Breakage(name: "truncated object", text: "{\"applinks\": {\"details\": [", line: 1, column: 27, words: "truncated"),
    Breakage(name: "truncated string", text: "{\"applinks", line: 1, column: 11, words: "truncated"),
    Breakage(
        name: "HTML error page", text: "\n  <!DOCTYPE html><html><body>Not Found</body></html>", line: 2, column: 3,
        words: "HTML"),
    Breakage(name: "empty file", text: "  \n", line: 2, column: 1, words: "empty"),
    Breakage(name: "unquoted key", text: "{applinks: {}}", line: 1, column: 2, words: "double quotes"),
    Breakage(name: "missing comma", text: "{\"a\": 1\n \"b\": 2}", line: 2, column: 2, words: "Missing comma"),
    Breakage(name: "two documents", text: "{}\n{}", line: 2, column: 1, words: "after the end"),
    Breakage(name: "bad escape", text: #"{"a": "\'"}"#, line: 1, column: 8, words: "Invalid escape"),
    Breakage(name: "leading zero", text: #"{"a": 01}"#, line: 1, column: 7, words: "leading zeros"),
    Breakage(name: "NaN", text: #"{"a": NaN}"#, line: 1, column: 7, words: "not a JSON value"),
    Breakage(name: "True in capitals", text: #"{"a": True}"#, line: 1, column: 7, words: "double quotes"),
    Breakage(name: "mismatched bracket", text: #"{"a": [1}"#, line: 1, column: 9, words: "Mismatched"),
    Breakage(name: "lone surrogate", text: #"{"a": "\ud800"}"#, line: 1, column: 8, words: "surrogate"),
    Breakage(
        name: "columns count characters, not bytes", text: "{\"é\": 1,}", line: 1, column: 8, words: "Trailing comma"),
]

@Suite struct DecodingTests {
    @Test(arguments: breakages) func syntaxErrorsNamePositionAndCause(_ b: Breakage) throws {
        let file = decode(b.text)
        let error = try #require(file.syntaxError)
        #expect(
            error.position.line == b.line && error.position.column == b.column, "\(error.position) \(error.message)")
        #expect(error.message.contains(b.words), "\(error.message)")
        #expect(file.document == nil)
    }

    @Test func everyValueKnowsItsPointerLineAndColumn() throws {
        let text = """
            {
              "applinks": {
                "details": [ { "appIDs": ["9JA89QQLNQ.a.b"],
                               "components": [ { "/": "/x~y/*", "a/b": true } ] } ]
              }
            }
            """
        let root = try #require(decode(text).root)
        let id = try #require(root["applinks"]?["details"]?.elements?[0]["appIDs"]?.elements?[0])
        #expect(id.pointer == "/applinks/details/0/appIDs/0")
        #expect(id.position.line == 3 && id.position.column == 31)
        let component = try #require(root["applinks"]?["details"]?.elements?[0]["components"]?.elements?[0])
        #expect(component["a/b"]?.pointer == "/applinks/details/0/components/0/a~1b")
        #expect(component["/"]?.pointer == "/applinks/details/0/components/0/~1")
        #expect(component["/"]?.position.line == 4)
    }

    @Test func escapesAndUnicodeDecode() throws {
        let root = try #require(decode(#"{"a": "\u00e9\n\"\/\ud83d\ude00", "b": -1.5e3, "c": null, "d": false}"#).root)
        #expect(root["a"]?.string == "é\n\"/😀")
        #expect(root["b"]?.value == .number("-1.5e3"))
        #expect(root["c"]?.value == .null)
        #expect(root["d"]?.bool == false)
    }

    @Test func byteOrderMarkIsStrippedAndRecorded() throws {
        let file = DecodedFile(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"applinks": {}}"#.utf8))
        #expect(file.hasByteOrderMark)
        #expect(file.document != nil)
        #expect(file.root?.members?[0].keyPosition.column == 2)
    }

    @Test func duplicateKeysAreKeptAndTheLastWins() throws {
        let root = try #require(decode(#"{"a": 1, "a": 2}"#).root)
        #expect(root.members?.count == 2)
        #expect(root["a"]?.value == .number("2"))
    }

    @Test func latin1IsAnEncodingProblemWithPosition() throws {
        let bytes = Array("{\n\"paths\": [\"/caf".utf8) + [0xE9] + Array("\"]}".utf8)
        let problem = try #require(DecodedFile(bytes: bytes).encodingProblem)
        #expect(problem.position.line == 2 && problem.position.column == 16)
        #expect(problem.message.contains("0xE9") && problem.message.contains("Latin-1"))
    }

    @Test func utf16IsAnEncodingProblem() throws {
        let bytes: [UInt8] = Array(#"{"a": 1}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(DecodedFile(bytes: bytes).encodingProblem?.message.contains("UTF-16") == true)
        #expect(DecodedFile(bytes: [0xFE, 0xFF, 0, 0x7B, 0, 0x7D]).encodingProblem != nil)
    }

    @Test func overlongAndSurrogateUTF8AreRejected() {
        #expect(DecodedFile(bytes: [0x22, 0xC0, 0xAF, 0x22]).encodingProblem != nil)
        #expect(DecodedFile(bytes: [0x22, 0xED, 0xA0, 0x80, 0x22]).encodingProblem != nil)
        #expect(DecodedFile(bytes: [0x22, 0xF0, 0x9F, 0x98]).encodingProblem != nil)
    }

    @Test func topLevelArrayIsNotADocument() throws {
        let file = decode("[1]")
        #expect(file.root != nil && file.document == nil)
        #expect(Catalogue.check(file).map(\.id) == ["not-an-object"])
    }

    @Test func deepNestingIsRefusedNotACrash() throws {
        let file = decode(String(repeating: "[", count: 100_000))
        #expect(file.syntaxError?.message.contains("Nesting") == true)
    }

    /// Random bytes, and random JSON-like text that is sometimes a document: decoding never crashes, gives the same
    /// findings each time, and every finding is a catalogued check pointing inside the text.
    @Test func garbageIsJudgedTheSameEveryTimeAndPointsInsideTheText() {
        let seed = TestSeed(default: 2_026)
        var generator = seed.generator
        let pieces = [
            "{", "}", "[", "]", ",", ":", " ", "\n", "\"applinks\"", "\"details\"", "\"appIDs\"", "\"components\"",
            "\"/\"", "\"paths\"", "\"9JA89QQLNQ.a.b\"", "\"/x/*\"", "\"?\"", "1", "-0.5e3", "true", "null", "\"é\"",
            "\\u00", "//", "'", "\u{201C}",
        ]
        let known = Set(Catalogue.descriptions.map(\.id))
        for round in 0..<600 {
            let bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int.random(in: 0..<200, using: &generator)).map { _ in
                    UInt8.random(in: 0...255, using: &generator)
                }
            } else {
                let count = Int.random(in: 0..<60, using: &generator)
                bytes = Array((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined().utf8)
            }
            let file = DecodedFile(bytes: bytes)
            let findings = Catalogue.check(file)
            let input = "\(seed), round \(round): \(bytes)"
            #expect(findings == Catalogue.check(DecodedFile(bytes: bytes)), "\(input)")
            #expect(file.root == nil || (file.syntaxError == nil && file.encodingProblem == nil), "\(input)")
            let lines = file.lines.count
            for finding in findings {
                #expect(known.contains(finding.id), "\(finding.id) is not in the catalogue: \(input)")
                let location = finding.location
                #expect(location.pointer.map { $0.isEmpty || $0.hasPrefix("/") } ?? true, "\(location): \(input)")
                #expect(location.line.map { (1...max(1, lines)).contains($0) } ?? true, "\(location): \(input)")
                #expect(location.column.map { $0 >= 1 } ?? true, "\(location): \(input)")
            }
        }
    }
}
