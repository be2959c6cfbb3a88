import AASA
import Foundation
import Testing

@testable import AuditCLI

/// `plan` reads and checks every local input before any work: real temporary files, no network.
@Suite struct PlanTests {
    func auditPlan(_ arguments: [String]) throws -> AuditCommand.Plan {
        try AuditCommand.plan(from: parsed(arguments, AuditCommand.spec))
    }

    func auditError(_ arguments: [String]) throws -> String? {
        let options = try parsed(arguments, AuditCommand.spec)
        do {
            _ = try AuditCommand.plan(from: options)
            return nil
        } catch {
            #expect(error.command == "audit")
            return error.message
        }
    }

    func matchError(_ arguments: [String]) throws -> String? {
        let options = try parsed(arguments, MatchCommand.spec)
        do {
            _ = try MatchCommand.plan(from: options)
            return nil
        } catch {
            return error.message
        }
    }

    /// `--out` keeps the plan from looking for a previous run under ./Reports.
    var out: [String] { ["--out", FileManager.default.temporaryDirectory.path + "/aasa-cli-out"] }

    @Test func aDomainListWithACSVHeaderAndQuotedCells() throws {
        let list = try temporaryFile(
            "# owners\nteam,domain,owner\nshop,good.test,\"Ops, Inc\"\nblog,\"blog.test\",x\nempty,,y\n", name: "d.csv")
        let plan = try auditPlan(["--domains", list.path, "extra.test"] + out)
        #expect(plan.inputs.targets.map(\.domain) == ["extra.test", "good.test", "blog.test"])
    }

    @Test func aPlainDomainListWithCommentsMergesDuplicates() throws {
        let list = try temporaryFile("good.test  # the shop\n\napplinks:other.test\nhttps://good.test/x\n")
        let plan = try auditPlan(["--domains=\(list.path)"] + out)
        #expect(plan.inputs.targets.map(\.domain) == ["good.test", "other.test"])
    }

    @Test func aCSVWithoutADomainColumnIsRefused() throws {
        let list = try temporaryFile("team,host\nshop,good.test\n", name: "hosts.csv")
        #expect(
            try auditError(["--domains", list.path] + out)
                == "\(list.path) looks like a CSV but has no \"domain\" column")
    }

    @Test func missingInputFilesAreNamed() throws {
        #expect(try auditError(["--domains", "/nonexistent/list.txt"] + out) == "no such file: /nonexistent/list.txt")
        #expect(
            try auditError(["--entitlements", "/nonexistent/App.entitlements"] + out)
                == "no such file: /nonexistent/App.entitlements")
        let options = try parsed(["/nonexistent/aasa.json"], CheckCommand.spec)
        #expect(throws: UsageError("no such file: /nonexistent/aasa.json", command: "check")) {
            try CheckCommand.plan(from: options)
        }
    }

    @Test func anUnreadableCACertificateIsRefusedByAuditAndMatchAlike() throws {
        let missing = "/nonexistent/ca.pem"
        #expect(try auditError(["x.test", "--ca-cert", missing] + out) == "cannot read --ca-cert \(missing)")
        let file = try temporaryFile("{}")
        #expect(
            try matchError(["--file", file.path, "--ca-cert", missing, "/x"]) == "cannot read --ca-cert \(missing)")
        #expect(
            try matchError(["--domain", "x.test", "--ca-cert", missing, "/x"]) == "cannot read --ca-cert \(missing)")
        if getuid() != 0 {
            let locked = try temporaryFile("pem", name: "locked.pem")
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
            #expect(
                try auditError(["x.test", "--ca-cert", locked.path] + out) == "cannot read --ca-cert \(locked.path)")
        }
    }

    @Test(arguments: ["a.test:443:127.0.0.1", "a.test", "a.test:https:127.0.0.1:443", "a.test:443:b:70000"])
    func aMalformedConnectToIsRefusedByAuditAndMatchAlike(_ mapping: String) throws {
        let expected = "--connect-to takes HOST:PORT:ADDR:PORT, not \(mapping)"
        #expect(try auditError(["x.test", "--connect-to=\(mapping)"] + out) == expected)
        let file = try temporaryFile("{}")
        #expect(try matchError(["--file", file.path, "--connect-to=\(mapping)", "/x"]) == expected)
    }

    @Test(arguments: ["a.test:443:127.0.0.1:8443", "::127.0.0.1:8443", "a.test::[::1]:8443", "a.test:443::"])
    func wellFormedConnectToIsKept(_ mapping: String) throws {
        let plan = try auditPlan(["x.test", "--connect-to", mapping, "--connect-to", "b:1:c:2"] + out)
        #expect(plan.fetch.configuration.connectTo == [mapping, "b:1:c:2"])
    }

    @Test func entitlementsWithoutAnAppIDNeedOne() throws {
        let list = try temporaryFile("applinks:good.test\nwebcredentials:good.test\n", name: "domains.txt")
        #expect(
            try auditError(["--entitlements", list.path] + out)
                == "--app-id TEAMID.bundle.id is required: \(list.path) does not state application-identifier")
        let plan = try auditPlan(["--entitlements", list.path, "--app-id", "9JA89QQLNQ.a.b", "z.test"] + out)
        #expect(plan.inputs.appID == "9JA89QQLNQ.a.b")
        #expect(plan.inputs.targets.map(\.domain) == ["good.test", "z.test"])
        #expect(plan.inputs.targets[0].entries.map(\.raw) == ["applinks:good.test", "webcredentials:good.test"])
        #expect(plan.inputs.entitlements?.file == list.path)
    }

    @Test func unreadableEntitlementsAreRefused() throws {
        let bad = try temporaryFile("<plist><dict><key>x</key></plist>", name: "bad.entitlements")
        let message = try auditError(["--entitlements", bad.path, "--app-id", "9JA89QQLNQ.a.b"] + out)
        #expect(message?.contains("bad.entitlements") == true)
    }

    @Test func baselinesMustBeReadableReports() throws {
        #expect(
            try auditError(["x.test", "--baseline", "/nonexistent/r.json"] + out)
                == "cannot read --baseline /nonexistent/r.json")
        let cases = [
            ("[1, 2]", "line 1, column 1: expected '{', found '['"),
            ("{\"schemaVersion\": 1", "line 1, column 20: the file ends where ',' or '}' is expected"),
            ("{\"schemaVersion\": 1}", "missing \"domains\""),
        ]
        for (text, reason) in cases {
            let notAReport = try temporaryFile(text, name: "report.json")
            #expect(
                try auditError(["x.test", "--baseline", notAReport.path] + out)
                    == "--baseline \(notAReport.path) is not an aasa-audit report.json: \(reason)")
        }
        let partial = try temporaryFile(
            #"{"schemaVersion": 1, "domains": [{"domain": "a.test", "verdict": "pass"}]}"#, name: "report.json")
        let message = try auditError(["x.test", "--baseline", partial.path] + out)
        #expect(message?.hasPrefix("--baseline \(partial.path) is not an aasa-audit report.json: ") == true)
        #expect(
            message?.contains("CodingKeys") == false && message?.contains("DecodingError") == false, "\(message ?? "")")
    }

    @Test func domainsThatCannotBeAuditedAreAllNamed() throws {
        #expect(try auditError(out) == "no domain given")
        let message = try auditError(["example.com:8443", "good.test", "shop.example.com/path"] + out)
        #expect(message?.hasPrefix("cannot audit: ") == true)
        #expect(message?.contains("\"example.com:8443\": ports are not supported") == true)
        #expect(message?.contains("\"shop.example.com/path\": a domain has no path") == true)
    }

    @Test func theCDNBaseMustBeAnHTTPURL() throws {
        #expect(
            try auditError(["x.test", "--cdn-base", "ftp://c/"] + out)
                == "--cdn-base takes an http(s) URL, not ftp://c/")
        #expect(
            try auditError(["x.test", "--cdn-base", "https:///a/v1/"] + out)
                == "--cdn-base takes an http(s) URL, not https:///a/v1/")
        #expect(try auditPlan(["x.test", "--cdn-base", "https://c/a/"] + out).fetch.cdnBase == "https://c/a/")
        #expect(try auditPlan(["x.test", "--no-cdn"] + out).fetch.cdnBase == nil)
    }

    @Test func defaultsMatchTheToolsLongStandingBehaviour() throws {
        let plan = try auditPlan(["x.test"] + out)
        #expect(plan.fetch.configuration.timeout == 10)
        #expect(plan.fetch.configuration.connectTo.isEmpty && plan.fetch.configuration.caCertificate == nil)
        #expect(plan.fetch.cdnBase == "https://app-site-association.cdn-apple.com/a/v1/")
        #expect(plan.fetch.concurrency == 32 && plan.fetch.userAgent == nil)
        #expect(plan.crawl == nil)
        #expect(plan.outputs.formats == [.json, .html, .csv])
        #expect(plan.outputs.baseline == nil && plan.outputs.keep == nil)
        #expect(plan.failOn == .error && !plan.failOnChange && !plan.quiet)
    }

    @Test func everyAuditOptionReachesThePlan() throws {
        let ca = try temporaryFile("pem", name: "ca.pem")
        let plan = try auditPlan(
            [
                "-q", "--crawl", "--max-pages", "7", "--max-urls=70", "--max-depth", "3", "--delay", "0.5",
                "--crawl-concurrency", "2", "--include-subdomains", "--timeout", "2.5", "--ca-cert", ca.path,
                "--concurrency=4", "--user-agent", "UA/1", "--format", "markdown,json", "--keep", "3",
                "--fail-on", "warning", "--fail-on-change", "x.test",
            ] + out)
        let crawl = try #require(plan.crawl)
        #expect(crawl.maxPages == 7 && crawl.maxURLs == 70 && crawl.maxDepth == 3 && crawl.delay == 0.5)
        #expect(crawl.perHostConcurrency == 2 && crawl.includeSubdomains)
        #expect(crawl.userAgent == "UA/1", "the crawl fetches with it too, and reads robots.txt for its token")
        #expect(plan.fetch.configuration.timeout == 2.5 && plan.fetch.configuration.caCertificate == ca.path)
        #expect(plan.fetch.concurrency == 4 && plan.fetch.userAgent == "UA/1")
        #expect(plan.outputs.formats == [.json, .markdown], "written in the fixed order")
        #expect(plan.outputs.keep == 3 && plan.outputs.directory == out[1])
        #expect(plan.failOn == .warning && plan.failOnChange && plan.quiet)
    }

    @Test func checkPlans() throws {
        let file = try temporaryFile("{}")
        let text = try CheckCommand.plan(from: parsed([file.path], CheckCommand.spec))
        #expect(text.format == .text && text.failOn == .error && text.bytes == Array("{}".utf8))
        let json = try CheckCommand.plan(from: parsed(["--format", "sarif", "--json", file.path], CheckCommand.spec))
        #expect(json.format == .json, "--json wins, as it always has")
        let sarif = try CheckCommand.plan(
            from: parsed(["--format=sarif", "--fail-on=info", file.path], CheckCommand.spec))
        #expect(sarif.format == .sarif && sarif.failOn == .info)
    }

    @Test func matchPlans() throws {
        let file = try temporaryFile("{}")
        let local = try MatchCommand.plan(from: parsed(["/a", "--file", file.path, "--json", "/b"], MatchCommand.spec))
        guard case .file(let path, let bytes) = local.source else { throw UsageError("not a file source") }
        #expect(path == file.path && bytes == Array("{}".utf8))
        #expect(local.urls == ["/a", "/b"] && local.json && local.appIDs.isEmpty)
        let live = try MatchCommand.plan(
            from: parsed(["--domain", "Good.Test", "--timeout", "3", "--app-id", "A.b", "/x"], MatchCommand.spec))
        guard case .domain(let target, let configuration) = live.source else { throw UsageError("not a domain") }
        #expect(target.domain == "good.test" && configuration.timeout == 3 && live.appIDs == ["A.b"])
        #expect(try matchError(["--domain", "a.test:8443", "/x"])?.hasPrefix("cannot fetch ") == true)
        #expect(try matchError(["--file", "/nonexistent/f", "/x"]) == "no such file: /nonexistent/f")
    }

    @Test func printingCommandsPlans() throws {
        #expect(RulesCommand.plan(from: try parsed([], RulesCommand.spec)) == .text)
        #expect(RulesCommand.plan(from: try parsed(["--markdown"], RulesCommand.spec)) == .markdown)
        #expect(RulesCommand.plan(from: try parsed(["--markdown", "--json"], RulesCommand.spec)) == .json)
        #expect(HelpCommand.plan(from: try parsed([], HelpCommand.spec)) == .tool)
        #expect(HelpCommand.plan(from: try parsed(["match"], HelpCommand.spec)) == .command("match"))
        #expect(HelpCommand.plan(from: try parsed(["--man"], HelpCommand.spec)) == .man)
        #expect(HelpCommand.text(.command("match")) == HelpText.render(MatchCommand.spec))
        for shell in Completions.Shell.allCases {
            #expect(CompletionsCommand.plan(from: try parsed([shell.rawValue], CompletionsCommand.spec)) == shell)
        }
    }
}
