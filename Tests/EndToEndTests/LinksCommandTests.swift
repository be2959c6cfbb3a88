import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// `aasa-audit links` end to end: the real binary, libcurl and libxml2 against the fixture's tracking domains
/// (Tests/Fixtures/server.py, "links fixtures"). Each test uses its own numbered copy of the hosts
/// (`track--NAME.aasa.test`), so the fixture's request log counts only its own requests.
@Suite struct LinksCommandTests {
    static let server = FixtureServer.shared
    static let fixtures = Binary.root.appendingPathComponent("Tests/Fixtures/links")
    static let app = "9JA89QQLNQ.com.acme.shop"

    func links(_ arguments: [String], stdin: Data? = nil) async throws -> (RunResult, URL) {
        let out = try tempDirectory()
        let result = try await Binary.run(
            ["links"] + arguments + Self.server.arguments + [
                "--timeout", FixtureServer.roomyTimeout, "--out", out.path,
            ], stdin: stdin,
            environment: ["NO_COLOR": "1"])
        return (result, out)
    }

    func report(_ out: URL) throws -> LinksReport {
        try JSONOutput.decoder().decode(
            LinksReport.self, from: Data(contentsOf: out.appendingPathComponent("links.json")))
    }

    /// How many requests the fixture answered for `host` and `path` (user agents starting with `agent`).
    func requests(_ host: String, _ path: String, agent: String = "") async throws -> Int {
        let url = "https://linkslog.aasa.test/count?host=\(host)&path=\(path)&agent=\(agent)"
        let mapping = Self.server.connectTo.flatMap { ["--connect-to", $0] }
        let result = try await Binary.run(
            ["-s", "--cacert", Self.server.caPath] + mapping + [url], program: URL(fileURLWithPath: "/usr/bin/curl"))
        return try #require(Int(result.stdout), "\(result.stdout)\(result.stderr)")
    }

    func link(_ report: LinksReport, _ url: String) throws -> LinkResult {
        try #require(report.links.first { $0.url == url }, "\(url) not in \(report.links.map(\.url))")
    }

    @Test func anEmailIsJudgedLinkByLinkWithItsTextAndEachFileAndChainFetchedOnce() async throws {
        let (result, out) = try await links(["--html", Self.fixtures.appendingPathComponent("email.html").path])
        // The relative href is refused with its FILE:LINE; the rest is judged and reported.
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains("email.html:13: \"/relative/page\": a relative link: no <base href>"),
            "\(result.stderr)")
        let report = try report(out)
        #expect(report.inputErrors.map(\.source).map { $0.hasSuffix("email.html:13") } == [true])
        #expect(report.summary.skipped == 2, "mailto: and tel: are skipped and counted")
        let tiers = report.links.map { "\($0.text ?? "-"): \($0.tier.rawValue)" }
        #expect(
            Array(tiers.prefix(8)) == [
                "Shop the sale: safari-first", "Your order: opens-app", "Read our blog: never",
                "Change your password: opens-app", "Open the old app link: broken", "Open in the app: custom-scheme",
                "Spring banner: safari-first", "Shop the sale (footer): safari-first",
            ], "\(tiers)")
        #expect(
            report.links.map(\.source).map { $0.split(separator: ":").last ?? "" } == [
                "5", "6", "7", "8", "9", "10", "14", "17", "18",
            ])
        let sale = try link(report, "https://track--email.aasa.test/c/app")
        #expect(sale.appID == Self.app && sale.rule == #"{"/": "/p/*"}"#)
        #expect(sale.findings.map(\.id) == ["link-safari-first"])
        #expect(sale.findings.first?.message.contains("hop 1 (https://linkapp--email.aasa.test/p/1)") == true)
        let captured = try link(report, "https://trackaasa--email.aasa.test/.well-known/change-password")
        #expect(captured.findings.map(\.id) == ["link-captured"])
        #expect(try link(report, "https://acme.page.link/spring").findings.map(\.id).contains("link-dynamic-links"))
        #expect(try link(report, "acmeshop://p/1").findings.map(\.id) == ["link-custom-scheme"])
        // Three links to /c/app, one request; each domain's file fetched once (AASA-Bot's probe), however many hops.
        #expect(try await requests("track--email.aasa.test", "/c/app") == 1)
        for host in ["track--email.aasa.test", "trackaasa--email.aasa.test", "linkapp--email.aasa.test"] {
            #expect(
                try await requests(host, "/.well-known/apple-app-site-association", agent: "AASA-Bot") == 1, "\(host)")
        }
        // A /.well-known/ link is judged on its URL alone, never fetched.
        #expect(try await requests("trackaasa--email.aasa.test", "/.well-known/change-password") == 0)
        // Nor is an unsubscribe link (a GET could unsubscribe a real address); its /* rule captures it.
        let unsubscribe = try link(report, "https://trackaasa--email.aasa.test/wf/unsubscribe?upn=abc&u=1")
        #expect(unsubscribe.findings.map(\.id) == ["link-captured"], "\(unsubscribe.findings)")
        #expect(unsubscribe.chain.count == 1 && unsubscribe.chain[0].httpStatus == nil)
        #expect(try await requests("trackaasa--email.aasa.test", "/wf/unsubscribe") == 0)
        #expect(
            Set(report.domains.map(\.domain)).isSuperset(of: [
                "track--email.aasa.test", "trackaasa--email.aasa.test", "linkapp--email.aasa.test",
            ]))
        #expect(report.domains.map(\.domain) == report.domains.map(\.domain).sorted())
    }

    @Test func aCSVExportIsReadByItsURLColumnAndWrittenBackAsLinksCSV() async throws {
        let (result, out) = try await links([Self.fixtures.appendingPathComponent("campaign.csv").path])
        #expect(result.status == 2, "the row without a scheme is an input error: \(result.stderr)")
        #expect(result.stderr.contains("campaign.csv:5: \"www.acme.test/sale\": not a link"), "\(result.stderr)")
        let csv = String(decoding: try Data(contentsOf: out.appendingPathComponent("links.csv")), as: UTF8.self)
        let rows = csv.split(separator: "\r\n").map(String.init)
        // The byte order mark, our columns, then the list's other columns.
        #expect(
            rows.first
                == "\u{FEFF}source,url,tier,app_id,rule,hops,final_url,final_status,findings,skipped_kind,skipped_reason,"
                + "text,campaign,clicks,notes")
        #expect(rows.count == 5, "\(rows)")
        // Worst first: the 12-hop chain and the loop are broken.
        #expect(rows[1].contains("campaign.csv:4,https://track--csv.aasa.test/chain/12,broken,,,10,"), "\(rows[1])")
        #expect(rows[2].contains("campaign.csv:6,https://track--csv.aasa.test/loop/a,broken,"), "\(rows[2])")
        #expect(rows[3].contains(",safari-first,9JA89QQLNQ.com.acme.shop,\"{\"\"/\"\": \"\"/p/*\"\"}\",1,"))
        #expect(rows[4].contains(",opens-app,9JA89QQLNQ.com.acme.shop,"))
        #expect(rows[4].hasSuffix(",0,https://linkapp--csv.aasa.test/p/9,200,,,,,spring,80,direct"), "\(rows[4])")
    }

    @Test func chainsOfOneToTenRedirectsAreFollowedAndMoreAreBroken() async throws {
        let base = "https://track--chains.aasa.test"
        let (result, out) = try await links(
            (1...12).map { "\(base)/chain/\($0)" } + ["\(base)/loop/a", "\(base)/c/5xx"])
        #expect(result.status == 1, "broken links fail the run by default: \(result.stdout)")
        let report = try report(out)
        for n in 1...10 {
            let chain = try link(report, "\(base)/chain/\(n)")
            #expect(chain.tier == .safariFirst && chain.redirects == n, "\(n): \(chain.tier) \(chain.redirects)")
            #expect(chain.chain.last?.url == "https://linkapp--chains.aasa.test/p/chain")
            #expect(chain.chain.last?.opensApp == Self.app && chain.chain.last?.httpStatus == 200)
        }
        for n in 11...12 {
            let chain = try link(report, "\(base)/chain/\(n)")
            #expect(chain.tier == .broken && chain.findings.first?.message.contains("more than 10 redirects") == true)
            #expect(chain.chain.count == 11, "the chain stops at the cap: \(chain.chain.count)")
        }
        let loop = try link(report, "\(base)/loop/a")
        #expect(
            loop.tier == .broken && loop.chain.map(\.url) == ["\(base)/loop/a", "\(base)/loop/b", "\(base)/loop/a"])
        #expect(
            try link(report, "\(base)/c/5xx").findings.first?.message == "The link is broken: hop 0 answers HTTP 503.")
        // Eleven chains pass through /chain/1 and /chain/10 (and the landing page): each URL is fetched once a run.
        #expect(try await requests("track--chains.aasa.test", "/chain/1") == 1)
        #expect(try await requests("track--chains.aasa.test", "/chain/10") == 1)
        #expect(try await requests("linkapp--chains.aasa.test", "/p/chain") == 1)
    }

    @Test func redirectsToAnIPAnotherPortOrSchemeAreRecordedNotFollowed() async throws {
        let base = "https://track--refuse.aasa.test"
        let (result, out) = try await links(["\(base)/c/ip", "\(base)/c/port", "\(base)/c/scheme", "\(base)/c/meta"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let report = try report(out)
        let expected = [
            "c/ip": ("http://127.0.0.1/x", "IP address"),
            "c/port": ("https://linkapp--refuse.aasa.test:8443/p/1", "port 8443"),
            "c/scheme": ("acmeshop://p/1", "acmeshop: scheme"),
        ]
        for (path, (target, why)) in expected {
            let refused = try link(report, "\(base)/\(path)")
            #expect(refused.tier == .never)
            #expect(refused.chain.last?.url == target && refused.chain.last?.httpStatus == nil)
            #expect(refused.chain.last?.note?.contains(why) == true, "\(refused.chain)")
        }
        // Nothing reached the port-8443 URL's host: its path was never requested.
        #expect(try await requests("linkapp--refuse.aasa.test", "/p/1") == 0)
        let meta = try link(report, "\(base)/c/meta")
        #expect(meta.tier == .never && meta.chain.count == 1)
        #expect(meta.chain[0].note?.contains("meta refresh, which is not followed") == true)
    }

    @Test func failOnChoosesWhichTiersFailTheRun() async throws {
        let safari = "https://track--failon.aasa.test/c/app"
        let never = "https://track--failon.aasa.test/c/web"
        let opens = "https://trackaasa--failon.aasa.test/c/1"
        let cases: [([String], Int32)] = [
            ([safari], 0), ([safari, "--fail-on", "safari-first"], 1), ([safari, "--fail-on", "never"], 0),
            ([never], 0), ([never, "--fail-on", "never"], 1), ([never, "--fail-on", "safari-first"], 1),
            ([opens, "acmeshop://p/1", "--fail-on", "safari-first"], 0),
        ]
        for (arguments, status) in cases {
            let (result, _) = try await links(arguments + ["--format", "json"])
            #expect(result.status == status, "\(arguments): \(result.stdout)\(result.stderr)")
        }
    }

    @Test func anOpensAppLinkBehindARedirectSaysTheAppGetsTheTrackingURL() async throws {
        let tapped = "https://trackaasa--opens.aasa.test/c/1"
        let (result, out) = try await links([tapped, "https://trackaasa--opens.aasa.test/c/5xx"])
        #expect(result.status == 0, "a broken chain behind an opening link is a warning: \(result.stdout)")
        let report = try report(out)
        let opens = try link(report, tapped)
        #expect(opens.tier == .opensApp && opens.rule == #"{"/": "/*"}"# && opens.findings.isEmpty)
        #expect(opens.chain[0].note?.contains("the app must resolve it itself") == true)
        let brokenBehind = try link(report, "https://trackaasa--opens.aasa.test/c/5xx")
        #expect(brokenBehind.tier == .opensApp)
        #expect(brokenBehind.findings.map { "\($0.id) \($0.severity.rawValue)" } == ["link-broken warning"])
    }

    @Test func noFollowJudgesTheTappedURLAloneAndFetchesNoLink() async throws {
        let (result, out) = try await links(["https://track--nofollow.aasa.test/c/app", "--no-follow"])
        #expect(result.status == 0)
        let report = try report(out)
        #expect(report.links.first?.tier == .never && report.links.first?.chain.count == 1)
        #expect(report.links.first?.chain.first?.note?.contains("--no-follow") == true)
        #expect(try await requests("track--nofollow.aasa.test", "/c/app") == 0)
    }

    @Test func escapesInALocationHeaderAreShownNeverObeyed() async throws {
        let (result, out) = try await links(["https://track--esc.aasa.test/esc", "--format", "json,csv,html"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        for text in [result.stdout, result.stderr] {
            #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x202E })
        }
        let report = try report(out)
        let hop = try #require(report.links.first?.chain.first)
        #expect(hop.location?.contains("\u{1B}]0;pwned\u{07}") == true, "links.json keeps the header as sent")
        // The hop was followed as a browser requests it (percent-encoded) and opens the app.
        #expect(
            report.links.first?.chain.last?.url.hasPrefix("https://linkapp--esc.aasa.test/p/%1B]0;pwned%07") == true)
        #expect(report.links.first?.tier == .safariFirst)
        let csv = try String(contentsOf: out.appendingPathComponent("links.csv"), encoding: .utf8)
        let html = try String(contentsOf: out.appendingPathComponent("links.html"), encoding: .utf8)
        for text in [csv, html] { #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }) }
        #expect(html.contains("default-src 'none'") && !html.contains("<script"))
    }

    @Test func schemeLinksSayWhetherTheAppDeclaresThemAndWhatWouldReplaceThem() async throws {
        let folder = try tempDirectory()
        let plist = folder.appendingPathComponent("Info.plist")
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundleURLTypes</key><array><dict>
            <key>CFBundleURLSchemes</key><array><string>acmeshop</string></array></dict></array></dict></plist>
            """.utf8
        ).write(to: plist)
        let entitlements = folder.appendingPathComponent("App.entitlements")
        try Data("applinks:linkapp--scheme.aasa.test\n".utf8).write(to: entitlements)
        let (result, out) = try await links([
            "acmeshop://p/1", "otherapp://x", "--info-plist", plist.path, "--entitlements", entitlements.path,
            "--fail-on", "safari-first",
        ])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let report = try report(out)
        let declared = try link(report, "acmeshop://p/1")
        #expect(declared.tier == .customScheme)
        #expect(declared.findings.first?.message.contains("declares acmeshop") == true, "\(declared.findings)")
        let other = try link(report, "otherapp://x")
        #expect(other.findings.first?.message.contains("does not declare otherapp") == true)
        #expect(report.domains.map(\.domain) == ["linkapp--scheme.aasa.test"])
        #expect(
            declared.findings.first?.message.contains(
                "https://linkapp--scheme.aasa.test/p/1 would replace it (it opens 9JA89QQLNQ.com.acme.shop)") == true,
            "\(declared.findings)")
        #expect(other.findings.first?.message.contains("would replace it") == false, "no rule matches /x")
    }

    @Test func linksFromStandardInputAndArgumentsTogether() async throws {
        let (result, out) = try await links(
            ["-", "https://linkapp--stdin.aasa.test/p/3"],
            stdin: Data(
                "# campaign\nhttps://linkapp--stdin.aasa.test/p/1\n\nhttps://linkapp--stdin.aasa.test/web/2\n".utf8))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let report = try report(out)
        #expect(report.links.map(\.source) == ["<stdin>:2", "<stdin>:4", "argument"])
        #expect(report.links.map(\.tier) == [.opensApp, .never, .opensApp])
        #expect(try link(report, "https://linkapp--stdin.aasa.test/web/2").chain[0].httpStatus == 200)
    }

    @Test func linksJSONSatisfiesItsSchemaWithDomainsInReportJSONsShape() async throws {
        let (result, out) = try await links([
            "https://track--schema.aasa.test/c/app", "https://track--schema.aasa.test/c/gone", "acmeshop://p/1",
            "https://refused.aasa.test/x", "--format", "json",
        ])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("links.json")))
        let schema = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Binary.root.appendingPathComponent("Schemas/links.schema.json")))
                as? [String: Any])
        // links.json's domains use report.json's domain schema, word for word.
        let reportSchema = SchemaTests.schema
        let domains = (schema["properties"] as? [String: Any])?["domains"] as? NSDictionary
        #expect(domains == (reportSchema["properties"] as? [String: Any])?["domains"] as? NSDictionary)
        var validator = SchemaValidator()
        validator.validate(json, schema)
        #expect(validator.errors.isEmpty, "\(validator.errors.prefix(10))")
        let report = try report(out)
        #expect(
            report.domains.map(\.domain) == [
                "linkapp--schema.aasa.test", "refused.aasa.test", "track--schema.aasa.test",
            ])
        #expect(try link(report, "https://refused.aasa.test/x").tier == .broken)
    }

    /// Hop 0 is an http:// URL whose 301 to https (the fixture's plain-HTTP listener) is a hop like any other: counted,
    /// fetched once, and matched against its own host's file, fetched once for both schemes.
    @Test func anHTTPToHTTPSRedirectIsAHopMatchedAgainstItsOwnFile() async throws {
        let out = try tempDirectory()
        let tapped = "http://track--http.aasa.test/c/app"
        let result = try await Binary.run(
            [
                "links", tapped, "http://linkapp--http.aasa.test/web/1", "--timeout", FixtureServer.roomyTimeout,
                "--out", out.path,
            ]
                + Self.server.plainHTTPArguments, environment: ["NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let report = try report(out)
        let tracked = try link(report, tapped)
        #expect(
            tracked.chain.map(\.url) == [
                tapped, "https://track--http.aasa.test/c/app", "https://linkapp--http.aasa.test/p/1",
            ], "\(tracked.chain)")
        #expect(tracked.chain.map(\.httpStatus) == [301, 302, 200])
        #expect(tracked.chain[0].location == "https://track--http.aasa.test/c/app")
        #expect(tracked.redirects == 2, "the http→https redirect counts as a hop")
        #expect(tracked.chain.map(\.opensApp) == [nil, nil, Self.app])
        #expect(tracked.tier == .safariFirst && tracked.appID == Self.app)
        #expect(tracked.findings.first?.message.contains("hop 2 (https://linkapp--http.aasa.test/p/1)") == true)
        // The app's own domain, tapped over http: its first hop is matched against linkapp's file, which excludes it.
        let excluded = try link(report, "http://linkapp--http.aasa.test/web/1")
        #expect(excluded.chain.map(\.httpStatus) == [301, 200] && excluded.tier == .never, "\(excluded.chain)")
        #expect(excluded.chain[0].note?.contains("excludes this URL") == true, "\(excluded.chain[0])")
        #expect(try await requests("track--http.aasa.test", "http:/c/app") == 1)
        #expect(try await requests("track--http.aasa.test", "/c/app") == 1)
        for host in ["track--http.aasa.test", "linkapp--http.aasa.test"] {
            #expect(
                try await requests(host, "/.well-known/apple-app-site-association", agent: "AASA-Bot") == 1, "\(host)")
            #expect(try await requests(host, "http:/.well-known/apple-app-site-association") == 0, "\(host)")
        }
    }

    /// A campaign revisits its hosts in any order: each host's file is read first, on the connection its hops then
    /// reuse, so 48 hosts visited round-robin three times cost one connection each, as `audit`'s probes do (the
    /// fetcher kept 32 idle connections, and each revisit opened a new one).
    @Test func hostsVisitedRoundRobinKeepOneConnectionEach() async throws {
        let hosts = (1...48).map { "linkapp--reuse\($0).aasa.test" }
        let urls = (1...3).flatMap { page in hosts.map { "https://\($0)/p/\(page)" } }
        let (result, out) = try await links(urls + ["--concurrency", "1", "--format", "json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(try report(out).links.allSatisfy { $0.tier == .opensApp })
        let mapping = Self.server.connectTo.flatMap { ["--connect-to", $0] }
        for host in hosts {
            let answer = try await Binary.run(
                ["-s", "--cacert", Self.server.caPath] + mapping + ["https://count.aasa.test/connections?host=\(host)"],
                program: URL(fileURLWithPath: "/usr/bin/curl"))
            // Four probes of the file, then three pages, all on the first probe's connection.
            #expect(answer.stdout == #"{"requests": 7, "connections": 1}"#, "\(host): \(answer.stdout)")
        }
    }
}
