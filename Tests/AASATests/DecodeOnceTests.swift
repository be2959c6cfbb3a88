import AASA
import Testing

/// The checks read the file as the probe (or the crawl evidence) decoded it, never the bytes again: each test
/// hands them a decoded value that differs from the bytes it came with, so a check that re-decoded would miss it.
@Suite struct DecodeOnceTests {
    static let otherRules = ExampleProbe.body.replacingOccurrences(of: "/shop/*", with: "/old/*")
    static let otherApp = ExampleProbe.body.replacingOccurrences(of: "com.acme.shop", with: "com.acme.other")

    @Test func documentChecksReadTheProbesDecodedFile() {
        var probe = ExampleProbe.healthy()
        #expect(!Catalogue.check(probe).contains { $0.id == "unknown-key" })
        probe.wellKnownFile = DecodedFile(
            bytes: Array(ExampleProbe.body.replacingOccurrences(of: "\"components\"", with: "\"componentz\"").utf8))
        let findings = Catalogue.check(probe)
        #expect(findings.contains { $0.id == "unknown-key" && $0.location.url == ExampleProbe.wellKnownURL })
        #expect(probe.file?.bytes == probe.wellKnownFile?.bytes)
    }

    @Test func transportChecksCompareTheDecodedFiles() {
        var probe = ExampleProbe.healthy()
        #expect(!Catalogue.check(probe).contains { $0.id == "locations-differ" || $0.id == "user-agent-blocked" })
        probe.wellKnownFile = DecodedFile(bytes: Array(Self.otherRules.utf8))
        let ids = Catalogue.check(probe).map(\.id)
        #expect(ids.contains("locations-differ"), "\(ids)")
        #expect(ids.contains("user-agent-blocked"), "\(ids)")
    }

    @Test func theCDNCheckReadsTheDecodedCDNCopy() {
        var probe = ExampleProbe.withCDN(ExampleProbe.exchange(.cdn))
        #expect(!Catalogue.check(probe).contains { $0.id == "cdn-mismatch" })
        probe.cdnFile = DecodedFile(bytes: Array(Self.otherRules.utf8))
        #expect(Catalogue.check(probe).contains { $0.id == "cdn-mismatch" })
    }

    @Test func theAssociationCheckReadsTheProbesDecodedFile() {
        let entries = [EntitlementEntry(raw: "applinks:example.com", index: 0)]
        var probe = ExampleProbe.healthy()
        #expect(Catalogue.check(Association(appID: "9JA89QQLNQ.com.acme.shop", entries: entries, probe: probe)).isEmpty)
        probe.wellKnownFile = DecodedFile(bytes: Array(Self.otherApp.utf8))
        let findings = Catalogue.check(Association(appID: "9JA89QQLNQ.com.acme.shop", entries: entries, probe: probe))
        #expect(findings.map(\.id) == ["entitlement-app-missing"])
    }

    @Test func crawlChecksReadTheDecodedFileNotItsBytes() {
        var file = DecodedFile(bytes: Array(ExampleProbe.body.utf8))
        file.bytes = Array("not a file".utf8)
        file.jsonBytes = file.bytes
        let evidence = CrawlEvidence(domain: ExampleProbe.domain, file: file, urls: URLTable([]))
        #expect(evidence.matcher != nil)
        #expect(evidence.ruleHits().map(\.rule.pointer) == ["/applinks/details/0/components/0"])
    }

    @Test func replacingAnExchangeDecodesItsBodyAgain() {
        var probe = ExampleProbe.healthy()
        probe.wellKnown = ExampleProbe.exchange(body: Self.otherRules)
        #expect(probe.wellKnownFile?.bytes == Array(Self.otherRules.utf8))
        #expect(probe.file?.bytes == Array(Self.otherRules.utf8))
        probe.wellKnown = ExampleProbe.exchange(status: 404)
        #expect(probe.wellKnownFile == nil && !probe.wellKnownServes)
        probe.otherAgents = [ExampleProbe.exchange(status: 403, agent: UserAgents.genericBot)]
        #expect(probe.otherAgentFiles.count == 1 && probe.otherAgentFiles[0] == nil)
        probe.cdn = ExampleProbe.exchange(.cdn)
        #expect(probe.cdnFile?.document != nil)
    }
}
