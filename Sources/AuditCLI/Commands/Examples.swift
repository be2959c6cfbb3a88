/// Each command's examples, declared once: `COMMAND --help` ends with its own, and the man page's EXAMPLES lists
/// them all in command order. Kept apart from the option declarations so a new option never moves them; ASCII
/// only, and short enough that `--help` never wraps a command line.
enum Examples {
    static let audit = [
        Example(
            purpose: "audit two domains; the reports go to Reports/<UTC time>/",
            command: "aasa-audit audit example.com www.example.com"),
        Example(
            purpose: "nightly: a list of domains with a crawl each, compared with the last run under Reports/",
            command: "aasa-audit audit --domains domains.txt --crawl --format json,html,csv,junit,markdown --keep 14"),
        Example(
            purpose: "a staging server answering for the production name, trusted by its own CA",
            command: "aasa-audit audit www.example.com --connect-to ::staging.internal:443 --ca-cert staging-ca.pem"),
        Example(
            purpose: "the app's associated domains, each file checked for the app",
            command: "aasa-audit audit --entitlements App.entitlements --app-id 9JA89QQLNQ.com.acme.shop"),
    ]

    static let links = [
        Example(
            purpose: "will a campaign's links open the app? fail when one opens Safari first",
            command: "aasa-audit links campaign.csv --fail-on safari-first --out Reports/spring-sale"),
        Example(
            purpose: "every link of an email, through its redirects", command: "aasa-audit links --html email.html"),
    ]

    static let merge = [
        Example(
            purpose: "one report from 4 shards of a domain list",
            command: "aasa-audit merge shard-1 shard-2 shard-3 shard-4 --out merged")
    ]

    static let check = [
        Example(purpose: "check a file before deploying it", command: "aasa-audit check apple-app-site-association"),
        Example(
            purpose: "check the file a site serves now",
            command: "curl -s https://example.com/.well-known/apple-app-site-association | aasa-audit check -"),
        Example(
            purpose: "SARIF for code scanning in a pull request",
            command: "aasa-audit check apple-app-site-association --format sarif"),
        Example(
            purpose:
                "an Android statement list, and whether AOSP's and Google's verifiers verify the app signed with key FP",
            command: "aasa-audit check assetlinks.json --android-package com.example.app --android-fingerprint \"$FP\""),
    ]

    static let match = [
        Example(
            purpose: "which app opens a URL, and which rule decided",
            command: "aasa-audit match --file apple-app-site-association https://example.com/shop/1"),
        Example(
            purpose: "a CI assertion: every URL of a list opens an app (one of --app-id's, when given)",
            command: "aasa-audit match --file aasa.json --urls launch-urls.txt --expect opens-app"),
        Example(
            purpose: "what the live file says about a URL",
            command: "aasa-audit match --domain example.com https://example.com/account/delete"),
        Example(
            purpose: "whether the iOS and the Android app open a URL: both live files and the app's manifest",
            command: "aasa-audit match --domain example.com --android-manifest Manifest.xml https://example.com/shop/1"),
    ]

    static let rules = [Example(purpose: "the check table as Markdown", command: "aasa-audit rules --markdown")]

    static let help = [
        Example(purpose: "read this manual from the binary", command: "aasa-audit help --man | man -l -")
    ]

    static let completions = [
        Example(
            purpose: "bash completion for your user",
            command: "aasa-audit completions bash > ~/.local/share/bash-completion/completions/aasa-audit")
    ]
}
