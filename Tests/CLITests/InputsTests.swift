import AASA
import Testing

@testable import AuditCLI

@Suite struct InputsTests {
    @Test func csvLinesFollowRFC4180() {
        #expect(CSVLine.split("a,b,c") == ["a", "b", "c"])
        #expect(CSVLine.split("\"Ops, Inc\",x") == ["Ops, Inc", "x"])
        #expect(CSVLine.split("\"say \"\"hi\"\"\",2") == ["say \"hi\"", "2"])
        #expect(CSVLine.split("a,,") == ["a", "", ""])
        #expect(CSVLine.split("") == [""])
    }

    @Test func domainListsArePlainOrCSV() throws {
        func parse(_ text: String) throws -> [String] {
            try DomainList.parse(Array(text.utf8), path: "list", command: "audit").map(\.value)
        }
        #expect(try parse("# only comments\n\n") == [])
        #expect(try parse("a.test\r\n  b.test  # note\n#c.test\n") == ["a.test", "b.test"])
        #expect(try parse("Domain\na.test\n\"b.test\"\n") == ["a.test", "b.test"], "a one-column CSV with a header")
        #expect(try parse("id, DOMAIN ,x\n1,a.test,2\n2\n3, b.test \n") == ["a.test", "b.test"], "short rows skipped")
        #expect(throws: UsageError("list looks like a CSV but has no \"domain\" column", command: "audit")) {
            try parse("host,owner\na.test,me\n")
        }
    }

    @Test func listLinesKeepTheirFileAndLineNumber() throws {
        let lines = try DomainList.parse(
            Array("# header\n\na.test\r\nb.test # note\n".utf8), path: "d.txt", command: "audit")
        #expect(
            lines == [
                ListFile.Line(value: "a.test", source: "d.txt:3"), ListFile.Line(value: "b.test", source: "d.txt:4"),
            ])
        let csv = try DomainList.parse(Array("team,domain\n\nx,c.test\n".utf8), path: "-", command: "audit")
        #expect(csv == [ListFile.Line(value: "c.test", source: "<stdin>:3")])
    }

    /// VT, FF, NEL, U+2028 and U+2029 once ended lines too (`isNewline`), so every `FILE:LINE` after one named
    /// a line an editor does not show; only LF and CRLF end a line now, and a CR inside a line is a character.
    @Test func onlyLFAndCRLFEndAListLine() throws {
        let text = "a.test\u{0B}x\nb.test\u{0C}\r\nc\u{85}d.test\nd.test\u{2028}e\u{2029}\nbad\rline\nf.test\n"
        let lines = try DomainList.parse(Array(text.utf8), path: "d.txt", command: "audit")
        #expect(lines.map(\.source) == (1...6).map { "d.txt:\($0)" }, "\(lines)")
        #expect(lines.first?.value == "a.test\u{0B}x" && lines[4].value == "bad\rline")
        #expect(lines.last == ListFile.Line(value: "f.test", source: "d.txt:6"))
        let urls = try MatchCommand.urlList(Array("/a\u{0C}b\r\n/c\u{2028}\n/d\n".utf8), path: "u.txt")
        #expect(urls.map(\.source) == ["u.txt:1", "u.txt:2", "u.txt:3"] && urls.last?.value == "/d", "\(urls)")
    }

    /// The note once read "mode mode=developer noted".
    @Test func anEntitlementLinesModeIsNotedWithoutADoubledWord() throws {
        let (targets, refused) = try DomainTargets.merge(
            entitlements: [], arguments: ["applinks:x.test?mode=developer"], lists: [], command: "audit")
        #expect(refused.isEmpty)
        let notes = try #require(targets.first?.notes)
        #expect(notes.contains("?mode=developer noted; the file is audited as for release builds"), "\(notes)")
        for note in notes { #expect(note.firstMatch(of: /\b(\w+) \1\b/) == nil, "\(note)") }
    }

    @Test func urlListsKeepFragmentsAndCommasAndReadAURLColumn() throws {
        func parse(_ text: String) throws -> [String] {
            try MatchCommand.urlList(Array(text.utf8), path: "u.txt").map(\.value)
        }
        #expect(
            try parse("# urls\nhttps://a.test/x#top\nhttps://a.test/a,b\n") == [
                "https://a.test/x#top", "https://a.test/a,b",
            ])
        #expect(
            try parse("page,URL\nhome,https://a.test/\n\"q\",\"https://a.test/?a=1,2\"\n") == [
                "https://a.test/", "https://a.test/?a=1,2",
            ])
    }

    @Test func reportFilesAreWrittenInAFixedOrder() {
        #expect(ReportFormat.allCases.map(\.rawValue) == ["json", "html", "csv", "junit", "markdown"])
        #expect(AuditCommand.format.words == ReportFormat.allCases.map(\.rawValue), "the option offers every format")
    }

    @Test func connectToMappingsHaveCurlsShape() {
        for good in ["h:443:a:1", "::a:1", "h::a:", ":443:[::1]:8443", "h:65535:a:1"] {
            #expect(NetworkOptions.isMapping(good), "\(good)")
        }
        for bad in ["h:443:a", "h", "h:x:a:1", "h:443:a:0", "h:443:a:65536", "h:+1:a:1", "h:١:a:1"] {
            #expect(!NetworkOptions.isMapping(bad), "\(bad)")
        }
    }

    @Test func editDistanceCountsTranspositionsAsOneEdit() {
        #expect(editDistance("concurrency", "cnocurrency") == 1)
        #expect(editDistance("", "abc") == 3)
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(EditDistance.suggestion(for: "--Quiet", among: ["--quiet", "--crawl"]) == "--quiet")
        #expect(
            EditDistance.suggestion(for: "--incl", among: ["--include-subdomains", "--crawl"]) == "--include-subdomains"
        )
        #expect(EditDistance.suggestion(for: "--c", among: ["--crawl", "--concurrency"]) == nil, "too short to guess")
        #expect(EditDistance.suggestion(for: "--xyz", among: ["--crawl"]) == nil)
    }

    @Test func numbersInMessagesReadAsWritten() {
        #expect(OptionSpec.number(3600) == "3600")
        #expect(OptionSpec.number(0.001) == "0.001")
        #expect(OptionSpec.number(0) == "0")
        #expect(OptionSpec.alternatives(["a"]) == "a")
        #expect(OptionSpec.alternatives(["a", "b", "c"]) == "a, b or c")
    }
}
