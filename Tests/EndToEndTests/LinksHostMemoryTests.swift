import Foundation
import TestSupport
import Testing

/// `links` keeps a few KB per host its chains visit: each link here is a tracking host that redirects to its own
/// app host, so n links visit 2n hosts. A host cost about 77 KB before (its finished audit task and whole report
/// stayed in memory, and links.json was encoded whole). Release builds only (`Scripts/linearity`).
@Suite struct LinksHostMemoryTests {
    static func peak(links count: Int) throws -> PeakMemory.Run {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-hosts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let list = directory.appendingPathComponent("links.txt")
        let text = (0..<count).map { "https://track--mem\($0).aasa.test/c/app\n" }.joined()
        try Data(text.utf8).write(to: list)
        return try PeakMemory.run(
            ["links", list.path, "--out", directory.appendingPathComponent("out").path, "--timeout", "20", "-q"]
                + FixtureServer.shared.arguments)
    }

    @Test(.enabled(if: Timing.meaningful, "memory is measured in release builds only"))
    func eachVisitedHostCostsAFewKB() throws {
        let small = try Self.peak(links: 250)
        let large = try Self.peak(links: 1_000)
        // Every link is safari-first (the tracking host opens no app, its redirect would): below --fail-on broken.
        #expect(small.status == 0 && large.status == 0, "\(small.stderr.suffix(200)) \(large.stderr.suffix(200))")
        let perHost = Double(large.peak - small.peak) / 1_500
        #expect(
            perHost < 16_000,
            "500 hosts: \(small.peak >> 20) MiB; 2,000 hosts: \(large.peak >> 20) MiB; \(Int(perHost)) bytes a host")
    }
}
