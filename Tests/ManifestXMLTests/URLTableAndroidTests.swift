import AASA
import Foundation
import ManifestXML
import Testing

/// A crawl's rows judged for Android from the real manifest (read by libxml2) and real assetlinks.json rules: "no"
/// needs no host's file, a row whose verifying host's file was not read is unknown (never "no"), and each answer is
/// `AndroidMatcher`'s for that host's file.
@Suite struct URLTableAndroidTests {
    /// Rules that exclude gift cards and keep the rest (Android 15's `dynamic_app_link_components`).
    static func giftRules() throws -> DynamicRules {
        DynamicRules.read(
            try JSONParser.parse(
                Array(
                    #"{"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "/products/gift*", "exclude": true}, {"/": "*"}]}}"#
                        .utf8)))
    }

    static let source = "https://shop.example.com/.well-known/assetlinks.json"

    static func table(_ urls: [String], foundOn: String? = "https://shop.example.com/") -> URLTable {
        var table = URLTable()
        for url in urls { table.append(url: url, foundOn: foundOn, httpStatus: 200, note: nil) }
        return table
    }

    static func rows(_ table: URLTable) -> [String: URLReport] {
        Dictionary(uniqueKeysWithValues: table.map { ($0.url, $0) })
    }

    @Test func withoutAManifestRowsCarryNoAndroidAnswerAndWriteNoAndroidMember() throws {
        var table = Self.table(["https://shop.example.com/products/1", "https://elsewhere.test/"])
        table.judgeAndroid(host: "shop.example.com", by: .assumedVerified)
        #expect(!table.androidJudged)
        #expect(table.allSatisfy { $0.android == nil && $0.opensAndroid == nil && $0.notes.isEmpty })
        let json = String(decoding: try JSONEncoder().encode(table), as: UTF8.self)
        #expect(!json.contains("ndroid"), "no Android member, not even null")
    }

    @Test func aURLNoAppLinkFilterTakesIsNoWithoutAnyHostsFile() throws {
        var table = Self.table([
            "https://shop.example.com/about", "https://elsewhere.test/products/1", "mailto:shop@example.com",
            "http://shop.example.com/products/1",
        ])
        table.judgeAndroid(manifest: try ManifestXMLTests.manifest())
        #expect(table.androidJudged)
        for row in table {
            #expect(row.opensAndroid == false && row.android?.unknownReason == nil, "\(row.url)")
            #expect(row.androidPackage == "com.acme.shop")
            #expect(row.android?.answer == "no")
        }
    }

    @Test func aRowWhoseVerifyingHostsFileWasNotReadIsUnknownWithWhy() throws {
        var table = Self.table([
            "https://shop.example.com/products/1", "https://a.acme.example/sale/x.html", "https://acme.example/p/1",
        ])
        table.judgeAndroid(manifest: try ManifestXMLTests.manifest())
        table.leaveAndroidUnknown("shop.example.com", because: "its fetch was refused")
        let rows = Self.rows(table)
        let shop = try #require(rows["https://shop.example.com/products/1"]?.android)
        #expect(shop.opens == nil && shop.answer == "unknown" && shop.unknownReason == "its fetch was refused")
        #expect(shop.rule == nil && shop.package == "com.acme.shop")
        // `*.acme.example` is verified on acme.example: the reason names that host.
        let wild = try #require(rows["https://a.acme.example/sale/x.html"]?.android)
        #expect(wild.unknown && wild.unknownReason == URLTable.androidNotReadReason("acme.example"))
        // acme.example itself is not one of the filter's hosts (only its subdomains are): no, not unknown.
        #expect(rows["https://acme.example/p/1"]?.opensAndroid == false)
        #expect(rows.values.allSatisfy { $0.notes.isEmpty }, "an unknown answer has no notes")
    }

    @Test func aVerifiedHostOpensItsURLsAndSaysWhatDecided() throws {
        var table = Self.table(["https://shop.example.com/products/1", "https://shop.example.com/cart?debug=1"])
        table.judgeAndroid(manifest: try ManifestXMLTests.manifest())
        table.judgeAndroid(
            host: "shop.example.com",
            by: .verified(
                DynamicRules(rules: [], declared: false, diagnostics: []), source: Self.source,
                notes: ["AOSP without Play services fails shop.example.com: there the app opens no URL of the host."]))
        let rows = Self.rows(table)
        let product = try #require(rows["https://shop.example.com/products/1"])
        #expect(product.opensAndroid == true && product.android?.answer == "yes")
        #expect(product.androidRule?.hasPrefix("intent-filter AndroidManifest.xml:8 (.ShopActivity)") == true)
        #expect(product.androidRule?.contains("android:pathPrefix=\"/products/\" (<data> line 15)") == true)
        // The host's own note, then the manifest's (three web hosts): both in the row's note.
        #expect(product.note?.contains("AOSP without Play services fails shop.example.com") == true)
        #expect(
            product.notes.contains(
                .android("AOSP without Play services fails shop.example.com: there the app opens no URL of the host.")))
        // A <uri-relative-filter-group android:allow="false"> blocks it on the reference device.
        let cart = try #require(rows["https://shop.example.com/cart?debug=1"])
        #expect(cart.opensAndroid == false)
        #expect(cart.note?.contains("Android 14 and lower ignore <uri-relative-filter-group>") == true)
    }

    /// The Android answers are worked out once and kept: a host's file named, or left unknown, after the rows were
    /// read is seen at the next read, and a copy changed apart keeps the answers it had.
    @Test func answersReadBeforeAHostsFileIsNamedAreWorkedOutAgain() throws {
        var table = Self.table(["https://shop.example.com/products/1", "https://shop.example.com/about"])
        table.judgeAndroid(manifest: try ManifestXMLTests.manifest())
        #expect(table.first?.android?.unknownReason == URLTable.androidNotReadReason("shop.example.com"))
        #expect(table.evaluations == 2 && table.map(\.android) == table.map(\.android) && table.evaluations == 2)
        let before = table
        table.leaveAndroidUnknown("shop.example.com", because: "its fetch was refused")
        #expect(table.first?.android?.unknownReason == "its fetch was refused")
        table.judgeAndroid(host: "shop.example.com", by: .assumedVerified)
        #expect(table.first?.opensAndroid == true && table.evaluations == 2)
        #expect(before.first?.android?.unknownReason == URLTable.androidNotReadReason("shop.example.com"))
        table.setAndroid(URLReport.Android(opens: false, package: "com.acme.shop", rule: "kept"), at: 0)
        #expect(table.first?.androidRule == "kept" && table.evaluations == 1, "a row's own answer is not matched")
    }

    @Test func aDynamicRuleExcludesAndTheNoteSaysAndroid14AndLowerOpenIt() throws {
        var table = Self.table(["https://shop.example.com/products/gift-card", "https://shop.example.com/products/1"])
        table.judgeAndroid(manifest: try ManifestXMLTests.manifest())
        table.judgeAndroid(
            host: "shop.example.com", by: .verified(try Self.giftRules(), source: Self.source, notes: []))
        let rows = Self.rows(table)
        let gift = try #require(rows["https://shop.example.com/products/gift-card"])
        #expect(gift.opensAndroid == false)
        #expect(
            gift.androidRule?.hasSuffix(
                "dynamic rule \(Self.source)#/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/0"
            )
                == true)
        #expect(gift.note?.contains("Android 14 and lower ignore dynamic rules: there the app opens this URL.") == true)
        #expect(rows["https://shop.example.com/products/1"]?.opensAndroid == true)
    }

    @Test func anUnlistedHostOpensNothingAndSaysSo() throws {
        var table = Self.table(["https://shop.example.com/products/1"])
        table.judgeAndroid(manifest: try ManifestXMLTests.manifest())
        table.judgeAndroid(
            host: "shop.example.com", by: .unlisted(source: Self.source, reason: "lists no statement for com.acme.shop")
        )
        let row = try #require(table.first)
        #expect(row.opensAndroid == false && row.android?.unknownReason == nil)
        #expect(row.androidRule?.hasSuffix(", \(Self.source) does not list the app") == true)
    }

    @Test(arguments: ["acme.example", "*.acme.example", "ACME.example"])
    func aWildcardHostIsDecidedByItsVerificationHostsFile(named host: String) throws {
        var table = Self.table(["https://a.acme.example/sale/x.html", "https://b.a.acme.example/p/12"])
        table.judgeAndroid(manifest: try ManifestXMLTests.manifest())
        table.judgeAndroid(host: host, by: .assumedVerified)
        #expect(table.allSatisfy { $0.opensAndroid == true }, "\(table.map(\.android))")
        #expect(table.allSatisfy { $0.androidRule?.contains("host *.acme.example (<data> line 14)") == true })
    }

    /// The fixture's three web hosts (two verified, help.example.com without autoVerify): Android 11 and lower open
    /// the app only when all three verify, and each opening row says so.
    @Test func anOpeningRowNotesThatAndroid11AndLowerNeedEveryHostVerified() throws {
        var table = Self.table(["https://shop.example.com/products/1", "https://help.example.com/faq"])
        table.judgeAndroid(manifest: try ManifestXMLTests.manifest())
        table.judgeAndroid(host: "shop.example.com", by: .assumedVerified)
        let rows = Self.rows(table)
        let legacy = "Android 11 and lower open App Links only when all 3 web hosts of the app verify."
        #expect(rows["https://shop.example.com/products/1"]?.notes.contains(.android(legacy)) == true)
        // A filter without autoVerify: not verified on Android 12+, and 11 and lower may differ.
        let help = try #require(rows["https://help.example.com/faq"])
        #expect(help.opensAndroid == false && help.androidRule == "intent-filter AndroidManifest.xml:33")
        #expect(help.note?.hasPrefix("Android 11 and lower verify any filter with VIEW, BROWSABLE") == true)
    }

    /// A row judged on read gets the same-domain note first (the crawl's) and the Android notes after it.
    @Test func androidNotesFollowTheRowsOwnNotes() throws {
        var table = Self.table(["https://shop.example.com/products/1"])
        table.setNotes([.text("own")], at: 0)
        table.judgeAndroid(manifest: try ManifestXMLTests.manifest())
        table.judgeAndroid(host: "shop.example.com", by: .assumedVerified)
        let row = try #require(table.first)
        #expect(row.notes.first == .text("own") && row.notes.count == 2)
        #expect(row.note == "own; Android 11 and lower open App Links only when all 3 web hosts of the app verify.")
    }

    /// The table written as report.json's rows and read back: the same rows, Android answers and notes included,
    /// and a table of rows read back still says it was judged.
    @Test func rowsReadBackKeepTheirAndroidAnswers() throws {
        var table = Self.table([
            "https://shop.example.com/products/gift-card", "https://shop.example.com/products/1",
            "https://a.acme.example/p/1", "https://elsewhere.test/",
        ])
        table.judgeAndroid(manifest: try ManifestXMLTests.manifest())
        table.judgeAndroid(
            host: "shop.example.com", by: .verified(try Self.giftRules(), source: Self.source, notes: []))
        let back = try JSONDecoder().decode(URLTable.self, from: try JSONEncoder().encode(table))
        #expect(Array(back) == Array(table))
        #expect(back.androidJudged)
        #expect(Set(back.compactMap(\.android?.answer)) == ["yes", "no", "unknown"])
        // A row copied bare (as a run judges links between sites again) keeps its answer.
        var copied = URLTable()
        for row in table {
            copied.append(url: row.url, foundOn: row.foundOn, httpStatus: row.httpStatus, note: nil)
            copied.setNotes(row.notes, at: copied.count - 1)
            copied.setAndroid(row.android, at: copied.count - 1)
        }
        #expect(Array(copied) == Array(table) && copied.androidJudged)
    }

    /// A crawl too big to judge quickly after a signal leaves its Android answers unknown too, saying so; a table
    /// whose signal is not set judges them.
    @Test func aStoppedRunLeavesABigTablesAndroidAnswersUnknown() throws {
        let manifest = try ManifestXMLTests.manifest()
        func table(stopped: Bool) -> URLTable {
            var table = Self.table(
                (0...(URLTable.judgedAfterStop / 20)).map { "https://shop.example.com/products/\($0)" })
            let stop = StopSignal()
            if stopped { stop.request() }
            table.stop = stop
            table.judgeAndroid(manifest: manifest)
            table.judgeAndroid(host: "shop.example.com", by: .assumedVerified)
            return table
        }
        let stopped = table(stopped: true)[0].android
        #expect(stopped?.opens == nil && stopped?.unknownReason == StopSignal.unjudgedNote)
        #expect(table(stopped: false)[0].opensAndroid == true)
    }

    /// `filterAnswer` agrees with `match` whatever the host's file: with the host assumed verified, a URL opens the
    /// app exactly when a filter decides it, and one no filter takes gets no rule and no note.
    @Test func theFilterAnswerAgreesWithTheMatcher() throws {
        let manifest = try ManifestXMLTests.manifest()
        let filters = AndroidMatcher.filters(of: manifest)
        var seen: Set<String> = []
        for url in [
            "https://shop.example.com/products/1", "https://shop.example.com/about", "https://x.acme.example/p/9",
            "https://acme.example/p/9", "https://shop.example.com/cart", "https://shop.example.com/cart?debug=1",
            "https://help.example.com/faq", "acme://x", "http://shop.example.com/products/1",
            "https://SHOP.example.com/%70roducts/1", "https://shop.example.com:8443/products/1",
            "https://elsewhere.test/products/1", "mailto:a@shop.example.com",
        ] {
            let parsed = try WebURL.parse(url).get()
            let verdict = AndroidMatcher.match(parsed, manifest: manifest, hostFile: .assumedVerified)
            let answer = AndroidMatcher.filterAnswer(for: parsed, filters: filters)
            switch answer {
            case .noFilter:
                seen.insert("none")
                #expect(!verdict.opens && verdict.rule == nil && verdict.notes.isEmpty, "\(url)")
            case .undecided:
                seen.insert("undecided")
                #expect(!verdict.opens && verdict.rule != nil, "\(url)")
            case .verifiedOn(let host):
                seen.insert("verified")
                #expect(verdict.opens, "\(url)")
                #expect(AndroidMatcher.verificationHost(of: parsed, manifest: manifest) == host)
            }
        }
        #expect(seen == ["none", "undecided", "verified"])
        let wild = try WebURL.parse("https://x.acme.example/p/9").get()
        #expect(AndroidMatcher.verificationHost(of: wild, manifest: manifest) == "acme.example")
    }
}
