import AASA
import Testing

@Suite struct SensitivePathsTests {
    @Test func everyEntryIsSourcedAndCoversItsOwnExample() {
        #expect(SensitivePaths.entries.count >= 20)
        for entry in SensitivePaths.entries {
            #expect(entry.source.count > 10, "\(entry.pattern) has no source")
            #expect(entry.example.hasPrefix("/"), "\(entry.pattern)")
            #expect(SensitivePaths.entry(forPath: entry.example) != nil, "\(entry.pattern) misses \(entry.example)")
        }
        #expect(Set(SensitivePaths.entries.map(\.kind)) == Set(SensitivePaths.Kind.allCases))
    }

    @Test(arguments: [
        ("/wf/unsubscribe?upn=abc", SensitivePaths.Kind.unsubscribe, "/wf/unsubscribe*"),
        ("/asm/unsubscribe/", .unsubscribe, "/asm/unsubscribe*"),
        ("/asm/", .preferences, "/asm/*"),
        ("/oc/5f3a9c/opt", .optOut, "/oc/*"),
        ("/o/abc", .optOut, "/o/*"),
        ("/view/abc", .viewInBrowser, "/view/*"),
        ("/Newsletter/UNSUBSCRIBE", .unsubscribe, "*unsubscribe*"),
        ("/account/opt-out", .optOut, "*opt-out*"),
        ("/email/preference-centre", .preferences, "*preference-cent*"),
        ("/api/oauth2/callback", .signIn, "*/oauth*"),
        ("/.well-known/apple-app-site-association", .wellKnown, "/.well-known/*"),
        ("/subscription_center.aspx", .preferences, "/subscription_center.aspx*"),
    ])
    func pathsOfTheDocumentedPagesAreFound(_ path: String, _ kind: SensitivePaths.Kind, _ pattern: String) {
        let entry = SensitivePaths.entry(forPath: path)
        #expect(entry?.kind == kind, "\(path)")
        #expect(entry?.pattern == pattern, "\(path)")
    }

    @Test(arguments: ["/click/abc", "/ls/click", "/product/42", "/", "/oc", "/ocean/blue", "/viewer", "/options"])
    func ordinaryPathsAreNotSensitive(_ path: String) {
        #expect(SensitivePaths.entry(forPath: path) == nil, "\(path)")
    }

    /// "unsubscrib" repeated never spells "unsubscribe" until the last "e"; how long it takes is
    /// `SensitivePathsWallClockTests`' concern.
    @Test func aLongPathIsJudgedWithoutBacktrackingBlowUp() {
        let path = Self.longPath
        #expect(SensitivePaths.entry(forPath: path) == nil)
        #expect(SensitivePaths.entry(forPath: path + "e")?.pattern == "*unsubscribe*")
    }

    static let longPath = "/" + String(repeating: "unsubscrib", count: 20_000)
}

/// How long a long path takes to judge, in the wall-clock pass (Scripts/lib.sh `run_tests`).
@Suite struct SensitivePathsWallClockTests {
    @Test func aLongPathIsJudgedWithinSeconds() {
        let elapsed = ContinuousClock().measure { _ = SensitivePaths.entry(forPath: SensitivePathsTests.longPath) }
        // Generous (a debug build): the answer must simply come back; a quadratic glob would take minutes.
        #expect(elapsed < .seconds(60))
    }
}
