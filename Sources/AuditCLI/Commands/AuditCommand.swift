import AASA
import Audit
import Crawling
import Fetching
import Foundation
import Reporting

/// `aasa-audit audit DOMAIN ...`: fetch each domain's file as Apple does, check everything, optionally crawl,
/// and write the reports.
enum AuditCommand: Command {
    // MARK: Declaration

    static let domains = OptionSpec(
        "--domains", .path, repeatable: true,
        help: "read domains from FILE: one per line (# comments) or a CSV with a \"domain\" column")
    static let entitlements = OptionSpec(
        "--entitlements", .path,
        help: "audit every domain an app's .entitlements (XML or binary plist, or service:domain lines) names")
    static let appID = OptionSpec(
        "--app-id", .string, placeholder: "TEAM.bundle",
        help: "the app the entitlements belong to, when the file does not say")
    static let shard = OptionSpec(
        "--shard", .shard(Shard.counts),
        help: "audit only part I of N: the domains whose name's SHA-256 modulo N is I-1; merge combines the parts")

    static let userAgent = OptionSpec(
        "--user-agent", .string, placeholder: "UA",
        help: "fetch and crawl with this user agent instead of Apple's AASA-Bot and aasa-audit/0.1; its leading token "
            + "(letters, _ and -) is the product token robots.txt is read for (aasa-audit by default)")
    static let cdnBase = OptionSpec(
        "--cdn-base", .string, placeholder: "URL",
        help: "fetch the CDN copy from URL/DOMAIN instead of https://app-site-association.cdn-apple.com/a/v1/DOMAIN")
    static let noCDN = OptionSpec.flag("--no-cdn", help: "skip Apple's CDN copy")
    static let android = OptionSpec.flag(
        "--android",
        help: "audit Android App Links too: each command-line and --domains host's /.well-known/assetlinks.json as "
            + "Android's verifier fetches it (no redirects, 1 MiB, 5 s), its robots.txt and Google's view of it")
    static let dalBase = OptionSpec(
        "--dal-base", .string, placeholder: "URL",
        help: "ask this Digital Asset Links API (statements:list) for Google's view instead of "
            + AndroidProbe.googleAPI)
    static let noDAL = OptionSpec.flag("--no-dal", help: "skip Google's Digital Asset Links API")
    static let concurrency = SharedOptions.concurrency

    static let crawl = OptionSpec.flag("--crawl", help: "crawl each site and give every URL found a verdict per app")
    static let maxPages = OptionSpec(
        "--max-pages", .integer(1...100_000_000), default: String(CrawlOptions.standard.maxPages),
        help: "pages fetched per site at most")
    static let maxURLs = OptionSpec(
        "--max-urls", .integer(1...1_000_000_000),
        defaultHelp: "\(CrawlOptions.urlsPerPage) per page of --max-pages, at least \(CrawlOptions.leastURLCap)",
        help: "URLs recorded per site at most")
    static let maxDepth = OptionSpec(
        "--max-depth", .integer(1...1_000_000), defaultHelp: "no limit", help: "links followed from / at most")
    static let delay = OptionSpec(
        "--delay", .decimal(0...60, unit: "seconds"), default: OptionSpec.number(CrawlOptions.standard.delay),
        help: "wait between requests to a site, then 1 at a time; a larger robots.txt Crawl-delay wins")
    static let maxCrawlDelay = OptionSpec(
        "--max-crawl-delay", .decimal(0...3_600, unit: "seconds"),
        default: OptionSpec.number(CrawlOptions.standard.maxCrawlDelay),
        help: "longest robots.txt Crawl-delay honoured; the report says when a site asks for more")
    static let crawlTime = OptionSpec(
        "--crawl-time", .decimal(1...86_400, unit: "seconds"),
        default: OptionSpec.number(CrawlOptions.standard.crawlTime),
        help: "time one site's crawl may take; then it stops with crawl-time")
    static let crawlConcurrency = OptionSpec(
        "--crawl-concurrency", .integer(1...64), default: String(CrawlOptions.standard.perHostConcurrency),
        help: "requests in flight per site while crawling")
    static let includeSubdomains = OptionSpec.flag(
        "--include-subdomains", help: "crawl the site's subdomains as well")
    static let maxInlinks = OptionSpec(
        "--max-inlinks", .integer(0...1_000_000_000), default: String(InlinkSpool.defaultCap),
        help: "links listed per site in inlinks.csv at most; report.json counts the rest (crawl.inlinksOmitted)")
    static let judgeLinkedHosts = OptionSpec(
        "--judge-linked-hosts", .integer(0...10_000), default: String(CrawlOptions.standard.judgeLinkedHosts),
        placeholder: "N",
        help: "fetch the file of up to N other hosts the crawl links to, to judge those links (never an IP address, "
            + "this machine or a private network unless --connect-to maps the host); else they are unknown unless "
            + "audited too")

    static let out = SharedOptions.out
    static let format = OptionSpec(
        "--format", .choiceList(ReportFormat.allCases.map(\.rawValue)), default: "json,html,csv",
        help: "the reports to write")
    static let baseline = OptionSpec(
        "--baseline", .path, defaultHelp: "the previous run under Reports/, or in --out DIR",
        placeholder: "REPORT.json",
        help: "compare with an earlier report.json (or the run folder holding it)")
    static let keep = OptionSpec(
        "--keep", .integer(1...1_000_000), help: "keep only the newest N runs under Reports/, without --out")
    static let failOn = SharedOptions.runFailOn
    static let csvBOM = SharedOptions.csvBOM
    static let infoPlist = SharedOptions.infoPlist
    static let failOnChange = OptionSpec.flag(
        "--fail-on-change",
        help: "also exit 1 when anything changed since the baseline (with --fail-on none: only then)")
    static let quiet = OptionSpec.flag(
        "--quiet", short: "-q",
        help: "print only errors (refused input lines, report failures); the exit status still tells")
    static let verbose = OptionSpec.flag(
        "--verbose", short: "-v", help: "also print info findings, and each finding's fix and location")
    static let resume = OptionSpec(
        "--resume", .path, placeholder: "DIR",
        help: "continue the interrupted run in DIR with its inputs and options; finished domains are kept")
    static let retryFailed = OptionSpec.flag(
        "--retry-failed", help: "with --resume, audit the domains that failed again")

    static let spec = CommandSpec(
        name: "audit", summary: "audit deployed domains as Apple's fetcher sees them",
        examples: Examples.audit,
        positionals: [
            PositionalSpec("DOMAIN", .zeroOrMore, help: "a host, a URL or an entitlement line (applinks:host)")
        ],
        groups: [
            OptionGroup("Inputs", [domains, entitlements, appID, infoPlist, shard]),
            OptionGroup("Fetching", [userAgent, cdnBase, noCDN, concurrency]),
            OptionGroup(
                "Android",
                [android, androidManifest, AndroidOptions.package, AndroidOptions.fingerprint, dalBase, noDAL]),
            NetworkOptions.group,
            OptionGroup(
                "Crawl",
                [
                    crawl, maxPages, maxURLs, maxDepth, delay, maxCrawlDelay, crawlTime, crawlConcurrency,
                    includeSubdomains, maxInlinks, judgeLinkedHosts,
                ]),
            OptionGroup("Reports", [out, format, baseline, keep, failOn, failOnChange, quiet, verbose, csvBOM]),
            OptionGroup("Resuming", [resume, retryFailed]),
            SharedOptions.suppressions,
        ],
        constraints: [
            .requires(retryFailed.name, resume.name),
            .conflicts(cdnBase.name, noCDN.name), .requires(appID.name, entitlements.name),
            .conflicts(quiet.name, verbose.name), .requires(infoPlist.name, crawl.name),
            .requires(maxInlinks.name, crawl.name),
            .requires(judgeLinkedHosts.name, crawl.name),
            SharedOptions.suppressionsConflict,
            .conflicts(dalBase.name, noDAL.name),
        ],
        description: [
            "Fetches https://DOMAIN/.well-known/apple-app-site-association and /apple-app-site-association as "
                + "Apple's fetcher does (no redirects, 128 KiB cap, AASA-Bot first, then a browser and a generic bot "
                + "user agent), runs every transport, document, app ID and rule check, and writes report.json, "
                + "report.html, urls.csv and findings.csv (--format picks; junit and markdown too).",
            "--crawl then crawls each site from / and its sitemaps (robots.txt honoured) and gives every URL found "
                + "a verdict per app with the deciding rule. --entitlements checks that each domain's file lists "
                + "the app. Apple's CDN copy is fetched and compared unless --no-cdn.",
            "The crawl lists the custom-scheme links (myapp://...) it finds, page by page: --info-plist says whether "
                + "the app declares each scheme, and --entitlements names the Universal Link that would replace it.",
            "Ignore entries suppress findings, as a linter's do: .aasa-audit.json in the working folder (or "
                + "--config FILE; --no-config reads none) lists {\"check\", \"domain\" (* wildcards), \"pointer\" "
                + "(a JSON Pointer), \"reason\"} entries under \"ignore\", and --ignore ID[@DOMAIN] adds one. A "
                + "suppressed finding stays in the reports, marked with its reason and counted apart, and fails "
                + "nothing; an entry that matched nothing is named on stderr (the exit status is unchanged).",
        ],
        exitStatus: RunStatus.table)
}
