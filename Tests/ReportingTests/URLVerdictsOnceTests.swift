import AASA
import Audit
import Foundation
import ManifestXML
import Reporting
import Testing

/// Every report format of one pass reads every row of a crawl, and the counts read them all again: each row is
/// matched against its host's file and the manifest's filters once, however many formats and counts read it.
@Suite struct URLVerdictsOnceTests {
    /// A crawl of shop.example judged for iOS by the sample file and for Android by a manifest with one verified
    /// host: rows opening the app, rows no file judges (unknown for both platforms), and a mailto link.
    static func crawl() throws -> (urls: URLTable, appleRows: Int) {
        var urls = URLTable()
        var appleRows = 0
        for i in 0..<30 {
            for path in ["shop.example/shop/\(i)", "shop.example/shop/beta/\(i)", "shop.example/about/\(i)"] {
                urls.append(url: "https://\(path)", foundOn: "https://shop.example/", httpStatus: 200, note: nil)
                appleRows += 1
            }
            urls.append(
                url: "https://elsewhere.example/shop/\(i)", foundOn: "https://shop.example/", httpStatus: nil,
                note: nil)
        }
        urls.append(url: "mailto:shop@shop.example", foundOn: "https://shop.example/", httpStatus: nil, note: nil)
        urls.crawled("shop.example")
        urls.judge(
            host: "shop.example",
            by: Matcher(try #require(DecodedFile(bytes: Array(SampleReport.shopFile.utf8)).document)))
        let root = try ManifestXML.parse(
            Array(AndroidURLColumnsTests.manifestXML.utf8), name: "AndroidManifest.xml")
        urls.judgeAndroid(manifest: AndroidManifest(root: root, file: "AndroidManifest.xml"))
        urls.judgeAndroid(host: "shop.example", by: .assumedVerified)
        return (urls, appleRows)
    }

    @Test func eachRowIsMatchedOnceForEveryFormatAndCount() throws {
        let (urls, appleRows) = try Self.crawl()
        let domain = DomainReport(
            domain: "shop.example", fetches: [], apps: [], findings: [],
            crawl: .init(
                pagesFetched: 1, urlsDiscovered: urls.count, stoppedBecause: "complete", robotsDisallowed: 0,
                trapsSkipped: 0, otherSchemes: [:], ruleHits: []), urls: urls, file: SampleReport.shopFile)
        let report = StreamedReport(HTMLReportTests.report([domain]))
        var files: [String: String] = [:]
        func sink(_ name: String) -> (String) throws -> Void { { files[name, default: ""] += $0 } }
        let writers: [any ReportPassWriter] = [
            try StreamedReport.JSONWriter(report) { try sink("report.json")(String(decoding: $0, as: UTF8.self)) },
            HTMLReport.Writer(report, sink: sink("report.html")),
            URLsCSV.Writer(report, sink: sink("urls.csv")),
            FindingsCSV.Writer(report, sink: sink("findings.csv")),
            JUnitReport.Writer(report, failOn: .warning, sink: sink("report.junit.xml")),
            MarkdownReport.Writer(report, sink: sink("summary.md")),
        ]
        try report.pass(writers)
        _ = (urls.tally(), urls.appCounts(), urls.ruleCounts(host: "shop.example"), Array(urls))

        // Every row is judged for Android (the manifest's filters first), the rows on shop.example for iOS too.
        #expect(urls.evaluations == appleRows + urls.count, "each row matched once per platform")
        #expect(files.count == 6 && files.values.allSatisfy { !$0.isEmpty })
        #expect(files["urls.csv"]?.contains("https://elsewhere.example/shop/29") == true, "every row was written")
    }
}
