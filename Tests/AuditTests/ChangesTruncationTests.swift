import AASA
import Audit
import Foundation
import Testing

/// A baseline diff keys `findings-truncated` by its domain, check and file, not by where the first omitted
/// finding landed.
@Suite struct ChangesTruncationTests {
    static let file = "https://shop.test/.well-known/apple-app-site-association"

    static func report(_ findings: [Finding]) -> AuditReport {
        AuditReport(
            version: "t", startedAt: Date(timeIntervalSince1970: 0), finishedAt: Date(timeIntervalSince1970: 1),
            interrupted: false, notAudited: [],
            domains: [DomainReport(domain: "shop.test", fetches: [], apps: [], findings: findings)])
    }

    static func truncated(_ check: String, more: Int, firstLeftOut pointer: String, url: String = file) -> Finding {
        Finding(
            id: "findings-truncated", severity: .info, message: "\(check) raised \(more) more findings in this file.",
            location: FindingLocation(url: url, pointer: pointer), why: "Capped.", hint: "Fix them.",
            omitted: OmittedFindings(check: check, warnings: more))
    }

    /// Before, one more unknown key early in the file moved the first omitted one: the truncation showed as both
    /// new and resolved.
    @Test func aTruncationWhoseFirstOmittedFindingMovedIsTheSameFinding() {
        let before = Self.report([Self.truncated("unknown-key", more: 50, firstLeftOut: "/x100")])
        let after = Self.report([Self.truncated("unknown-key", more: 51, firstLeftOut: "/x99")])
        let changes = Changes.compare(before, after, baseline: "b.json")
        #expect(changes.newFindings.isEmpty && changes.resolvedFindings.isEmpty, "\(changes.headline)")
    }

    @Test func anotherChecksOrFilesTruncationIsNew() {
        let before = Self.report([Self.truncated("unknown-key", more: 50, firstLeftOut: "/x100")])
        let after = Self.report([
            Self.truncated("unknown-key", more: 50, firstLeftOut: "/x100"),
            Self.truncated("app-id-format", more: 5, firstLeftOut: "/applinks/details/0/appIDs/100"),
            Self.truncated(
                "unknown-key", more: 7, firstLeftOut: "/x100", url: "https://shop.test/apple-app-site-association"),
        ])
        let changes = Changes.compare(before, after, baseline: "b.json")
        #expect(
            changes.newFindings.compactMap(\.location.pointer).sorted() == ["/applinks/details/0/appIDs/100", "/x100"])
        #expect(changes.resolvedFindings.isEmpty)
        let gone = Changes.compare(after, before, baseline: "b.json")
        #expect(gone.resolvedFindings.count == 2 && gone.newFindings.isEmpty)
    }

    /// Other findings keep their location in the key: a finding that moved is new where it is now.
    @Test func otherFindingsAreStillKeyedByLocation() {
        func unknown(_ pointer: String) -> Finding {
            Finding(
                id: "unknown-key", severity: .warning, message: "Unknown key.",
                location: FindingLocation(url: Self.file, pointer: pointer), why: "w", hint: "h")
        }
        let changes = Changes.compare(
            Self.report([unknown("/a")]), Self.report([unknown("/b")]), baseline: "b.json")
        #expect(changes.newFindings.count == 1 && changes.resolvedFindings.count == 1)
    }
}
