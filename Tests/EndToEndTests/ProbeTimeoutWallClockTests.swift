import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// Over HTTP/1.1 the probes after Apple's share its connection one at a time; a server that stalls them must not
/// cost one timeout each. Elapsed time is the assertion, so this runs in Scripts/test's pass for *WallClockTests.
@Suite struct ProbeTimeoutWallClockTests {
    static let server = FixtureServer.shared

    @Test func probesAfterAFailedOneGoAtOnce() async throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-stall-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try await Binary.run(
            ["audit", "stallrest.aasa.test", "--timeout", "3", "--out", out.path, "--format", "json"]
                + Self.server.auditArguments)
        let elapsed = result.exitedAt.timeIntervalSince(result.startedAt)
        let report = try AuditReport.decode(Data(contentsOf: out.appendingPathComponent("report.json")))
        let domain = try #require(report.domains.first)
        #expect(domain.fetches.first?.httpStatus == 200, "Apple's fetch is answered")
        #expect(
            domain.fetches.dropFirst().filter { $0.location != .cdn }.map(\.failure) == [.timeout, .timeout, .timeout])
        // One after another the three would take 9 s; the first alone, then the other two together, 6 s.
        #expect(elapsed < Timing.bound(8.5), "\(elapsed) s")
    }
}
