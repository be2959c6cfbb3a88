import AASA
import Audit
import Foundation
import ManifestXML
import Reporting
import Testing

/// urls.csv and the HTML URL tables in a run that judged Android (`--android-manifest`): the Android answer beside
/// the iOS one, from a manifest read by libxml2 and a host's real dynamic rules; in any other run, not a column more
/// (the snapshot tests hold those bytes).
@Suite struct AndroidURLColumnsTests {
    static let manifestXML = """
        <?xml version="1.0" encoding="utf-8"?>
        <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.acme.shop">
          <application>
            <activity android:name=".ShopActivity" android:exported="true">
              <intent-filter android:autoVerify="true">
                <action android:name="android.intent.action.VIEW" />
                <category android:name="android.intent.category.DEFAULT" />
                <category android:name="android.intent.category.BROWSABLE" />
                <data android:scheme="https" android:host="shop.example" android:pathPrefix="/shop/" />
                <data android:host="elsewhere.example" />
              </intent-filter>
            </activity>
          </application>
        </manifest>
        """

    static let source = "https://shop.example/.well-known/assetlinks.json"

    /// The crawl of shop.example, judged for iOS by the sample file and, when `android`, for Android.
    static func report(android: Bool) throws -> AuditReport {
        var urls = URLTable()
        for path in [
            "shop.example/shop/1", "shop.example/shop/gift-card", "shop.example/about", "elsewhere.example/shop/3",
        ] {
            urls.append(url: "https://\(path)", foundOn: "https://shop.example/", httpStatus: 200, note: nil)
        }
        urls.judge(
            host: "shop.example",
            by: Matcher(try #require(DecodedFile(bytes: Array(SampleReport.shopFile.utf8)).document)))
        if android {
            let root = try ManifestXML.parse(Array(manifestXML.utf8), name: "AndroidManifest.xml")
            urls.judgeAndroid(manifest: AndroidManifest(root: root, file: "AndroidManifest.xml"))
            let rules = DynamicRules.read(
                try JSONParser.parse(
                    Array(
                        #"{"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": [{"/": "/shop/gift*", "exclude": true}, {"/": "*"}]}}"#
                            .utf8)))
            urls.judgeAndroid(host: "shop.example", by: .verified(rules, source: source, notes: []))
        }
        let domain = DomainReport(
            domain: "shop.example", fetches: [], apps: [], findings: [],
            crawl: .init(
                pagesFetched: 1, urlsDiscovered: 4, stoppedBecause: "complete", robotsDisallowed: 0, trapsSkipped: 0,
                otherSchemes: [:], ruleHits: []), urls: urls, file: SampleReport.shopFile)
        return HTMLReportTests.report([domain])
    }

    /// Rows of urls.csv by URL, each a dictionary by header.
    static func rows(_ csv: String) -> (header: [String], rows: [String: [String: String]]) {
        var records: [[String]] = []
        var record: [String] = []
        var cell = ""
        var quoted = false
        var scalars = Array(csv.unicodeScalars)[...]
        while let c = scalars.popFirst() {
            if quoted {
                if c == "\"" && scalars.first == "\"" {
                    cell.unicodeScalars.append(scalars.removeFirst())
                } else if c == "\"" {
                    quoted = false
                } else {
                    cell.unicodeScalars.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == "," || c == "\r" {
                record.append(cell)
                cell = ""
                if c == "\r" {
                    scalars.removeFirst()
                    records.append(record)
                    record = []
                }
            } else {
                cell.unicodeScalars.append(c)
            }
        }
        let header = records[0]
        var rows: [String: [String: String]] = [:]
        for record in records.dropFirst() { rows[record[1]] = Dictionary(uniqueKeysWithValues: zip(header, record)) }
        return (header, rows)
    }

    @Test func urlsCSVAddsTheAndroidColumnsLastOnlyInARunThatJudgedAndroid() throws {
        let plain = Self.rows(URLsCSV.render(try Self.report(android: false)))
        #expect(plain.header == URLsCSV.headers + URLsCSV.lastHeaders)
        let judged = Self.rows(URLsCSV.render(try Self.report(android: true)))
        #expect(
            judged.header
                == URLsCSV.headers + ["opens_android", "android_package", "android_rule"] + URLsCSV.lastHeaders)
        let product = try #require(judged.rows["https://shop.example/shop/1"])
        #expect(product["opens_app"] == "yes" && product["opens_android"] == "yes")
        #expect(product["android_package"] == "com.acme.shop")
        #expect(product["android_rule"]?.hasPrefix("intent-filter AndroidManifest.xml:5 (.ShopActivity)") == true)
        let gift = try #require(judged.rows["https://shop.example/shop/gift-card"])
        #expect(gift["opens_app"] == "yes" && gift["opens_android"] == "no")
        #expect(
            gift["android_rule"]?.hasSuffix(
                "dynamic rule \(Self.source)#/delegate_permission~1common.handle_all_urls/dynamic_app_link_components/0"
            )
                == true)
        // The dynamic rule's note, then the manifest's: its two web hosts must both verify on Android 11 and lower.
        #expect(
            gift["note"]?.hasSuffix(
                "Android 14 and lower ignore dynamic rules: there the app opens this URL.; Android 11 and lower "
                    + "open App Links only when all 2 web hosts of the app verify.") == true)
        let about = try #require(judged.rows["https://shop.example/about"])
        #expect(about["opens_android"] == "no" && about["android_rule"] == "" && about["note"] == "")
        let elsewhere = try #require(judged.rows["https://elsewhere.example/shop/3"])
        #expect(elsewhere["opens_android"] == "unknown" && elsewhere["android_package"] == "com.acme.shop")
        #expect(elsewhere["note"] == "Android: " + URLTable.androidNotReadReason("elsewhere.example"))
        // The iOS columns say the same in both runs.
        for (url, row) in plain.rows {
            #expect(URLsCSV.headers.allSatisfy { row[$0] == judged.rows[url]?[$0] || $0 == "note" }, "\(url)")
        }
    }

    @Test func theHTMLShowsAnAndroidColumnBesideTheIOSAnswerOnlyInARunThatJudgedAndroid() throws {
        let plain = HTMLReport.render(try Self.report(android: false))
        #expect(!plain.contains("<th>Android</th>"))
        let html = HTMLReport.render(try Self.report(android: true))
        // Each app's table and the table of rows no app's file judged have the column, after the verdict.
        #expect(html.components(separatedBy: "<th>verdict</th><th>Android</th>").count == 4)
        // The rule in the cell's title, escaped (its quotes and angle brackets).
        #expect(
            html.contains(
                "<td title=\"intent-filter AndroidManifest.xml:5 (.ShopActivity), scheme https, host shop.example "
                    + "(&lt;data&gt; line 9), android:pathPrefix=&quot;/shop/&quot; (&lt;data&gt; line 9), dynamic rule "
            ))
        #expect(html.contains("<span class=\"badge pass\">yes</span>"))
        #expect(html.contains("<span class=\"badge info\">no</span>"))
        let unknown =
            "<td title=\"\(URLTable.androidNotReadReason("elsewhere.example"))\"><span class=\"badge warn\">unknown</span></td>"
        #expect(html.contains(unknown), "\(html.components(separatedBy: "elsewhere").dropFirst().first ?? "")")
        // The dynamic rule's note is the row's, numbered like every other note.
        #expect(html.contains("Android 14 and lower ignore dynamic rules: there the app opens this URL."))
    }
}
