import AASA
import Foundation
import Testing

@testable import Audit

/// Measures reading a big report back; runs only when asked, since peak RSS is per process.
/// `AASA_BIG_REPORT=PATH swift test --filter ReportMemoryTests` writes PATH (one domain, 100,000 URLs) when it
/// does not exist, or else reads it as a baseline and prints the process's peak resident size.
@Suite(
    .enabled(if: ProcessInfo.processInfo.environment["AASA_BIG_REPORT"] != nil, "set AASA_BIG_REPORT=PATH to run it"))
struct ReportMemoryTests {
    static let count = 100_000

    @Test func writeOrReadABigReport() throws {
        let path = try #require(ProcessInfo.processInfo.environment["AASA_BIG_REPORT"])
        guard FileManager.default.fileExists(atPath: path) else {
            let file = Array(
                #"{"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop", "9JA89QQLNQ.com.acme.beta"], "components": [{"/": "/p/1*"}, {"/": "/p/*", "exclude": true}]}]}}"#
                    .utf8)
            var urls = URLTable()
            for n in 0..<Self.count {
                urls.append(
                    url: "https://shop.test/p/\(n)", foundOn: "https://shop.test/p/\(n / 10)", httpStatus: 200,
                    note: nil)
            }
            urls.judge(host: "shop.test", by: Matcher(try #require(DecodedFile(bytes: file).document)))
            let report = AuditReport(
                version: "t", startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1),
                interrupted: false, notAudited: [],
                domains: [DomainReport(domain: "shop.test", fetches: [], apps: [], findings: [], urls: urls)])
            #expect(FileManager.default.createFile(atPath: path, contents: nil))
            let handle = try #require(FileHandle(forWritingAtPath: path))
            defer { try? handle.close() }
            try report.writeJSON { try handle.write(contentsOf: $0) }
            return
        }
        // The test runner's own peak comes first; 5 in clear_refs resets the peak (VmHWM) to the current size.
        try "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
        let before = try Self.status("VmHWM")
        let start = Date()
        let report =
            try ProcessInfo.processInfo.environment["AASA_BIG_FULL"] != nil
            ? AuditReport.read(at: path) : AuditReport.baseline(at: path)
        print(
            "read \(report.domains[0].urls.count) URLs in \(Date().timeIntervalSince(start)) s: resident \(before) MB"
                + " before, peak \(try Self.status("VmHWM")) MB while reading"
        )
        #expect(report.domains[0].urls.count == Self.count)
    }

    /// A size line of /proc/self/status, in MB.
    static func status(_ field: String) throws -> Int {
        let text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(field + ":") })
        return try #require(Int(line.split(separator: " ")[1])) / 1024
    }
}
