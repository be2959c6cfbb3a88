import Foundation
import TestSupport
import Testing

/// No function, initializer, subscript or accessor in Sources is longer than 80 lines (issue #26's structure signal):
/// a longer one is split where its steps are, and this fails on the day one grows past it. Sources are formatted by
/// `swift format`, so a body ends at the first line holding only `}` at its declaration's indentation.
@Suite struct FunctionLengthTests {
    static let limit = 80

    /// A declaration whose body follows: its modifiers and attributes, then the keyword.
    static var declaration: Regex<AnyRegexOutput> {
        try! Regex(
            #"^(\s*)(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|private|fileprivate|internal|package|open|static|class|mutating|nonmutating|override|final|nonisolated|convenience|required|borrowing|consuming|dynamic)(?:\([a-z]+\))?\s+)*(?:func\b|init\b|init[?!]|deinit\b|subscript\b)"#
        )
    }

    /// Each declaration's first line and length in lines (declaration to closing brace), in `text`; a requirement
    /// without a body (a protocol's) has none. A signature may go on over lines indented deeper, or starting at its
    /// own indentation with `)`, `where`, `throws`, `rethrows`, `async`, `->` or the opening `{`.
    static func lengths(_ text: String) -> [(line: Int, count: Int)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let continuations = [")", "where ", "throws", "rethrows", "async", "->", "{"]
        var found: [(line: Int, count: Int)] = []
        let declaration = Self.declaration
        for (number, line) in lines.enumerated() {
            guard let match = line.prefixMatch(of: declaration) else { continue }
            let indent = String(match.output[1].substring ?? "")
            var last: Int? = number
            // The signature's last line: the one that opens the body (or holds all of it); nil for a requirement.
            while let at = last, !lines[at].hasSuffix("{") && !lines[at].hasSuffix("}") {
                let next = at + 1 < lines.count ? lines[at + 1] : ""
                let deeper = next.hasPrefix(indent + " ")
                let continued = continuations.contains { next.hasPrefix(indent + $0) }
                last = at + 1 < lines.count && (deeper || continued) ? at + 1 : nil
            }
            guard let last else { continue }
            if lines[last].hasSuffix("}") {
                found.append((number + 1, last - number + 1))
                continue
            }
            guard let end = lines[(last + 1)...].firstIndex(where: { $0 == indent + "}" }) else { continue }
            found.append((number + 1, end - number + 1))
        }
        return found
    }

    @Test func noFunctionIsLongerThanTheLimit() throws {
        let files = CodeMapTests.swiftFiles(under: "Sources")
        #expect(files.count > 100, "the sources were found")
        var measured = 0
        for file in files {
            let text = try String(contentsOf: Binary.root.appendingPathComponent(file), encoding: .utf8)
            for (line, count) in Self.lengths(text) {
                measured += 1
                #expect(count <= Self.limit, "\(file):\(line) is \(count) lines long, over \(Self.limit)")
            }
        }
        #expect(measured > 1_000, "declarations were measured")
    }

    /// The measure itself: a body's length counts from its declaration to its closing brace, a nested closing brace
    /// deeper in does not end it, and a requirement without a body is not measured.
    @Test func theMeasureCountsDeclarationToClosingBrace() {
        let text = """
            protocol P {
                func required()
            }
            struct S {
                @inline(__always) private mutating func f(
                    _ x: Int
                ) -> Int {
                    if x > 0 {
                        return 1
                    }
                    return 0
                }
                init?(y: Int) { nil }
                public func g()
                    throws
                {
                    try h()
                }
            }
            """
        let lengths = Self.lengths(text)
        #expect(lengths.map(\.line) == [5, 13, 14])
        #expect(lengths.map(\.count) == [8, 1, 5])
    }
}
