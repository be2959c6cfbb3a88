import AASA
import Audit
import Foundation
import Reporting

/// `aasa-audit check FILE`: validate a local AASA file before deploying it.
enum CheckCommand: Command {
    /// How the findings are printed.
    enum Format: String, CaseIterable, Sendable {
        case text, json, sarif
    }

    static let format = OptionSpec.choice(
        "--format", of: Format.allCases, default: .text,
        help: "text for people, json for scripts, sarif for code-scanning annotations in a pull request")
    static let json = OptionSpec.flag("--json", help: "the same as --format json")
    static let failOn = SharedOptions.failOn
    static let entitlements = OptionSpec(
        "--entitlements", .path,
        help: "check the file against an app's .entitlements (XML or binary plist, or service:domain lines), offline")
    static let appID = OptionSpec(
        "--app-id", .string, repeatable: true, placeholder: "TEAM.bundle",
        help: "an app the file must list (default with --entitlements: its application-identifier)")
    static let android = AndroidOptions.android
    static let androidPackage = AndroidOptions.package
    static let androidFingerprint = AndroidOptions.fingerprint

    static let spec = CommandSpec(
        name: "check", summary: "validate a local apple-app-site-association or assetlinks.json file",
        examples: Examples.check,
        positionals: [PositionalSpec("FILE", .one, isPath: true, help: "the file (JSON or CMS-signed); - reads stdin")],
        groups: [
            OptionGroup("Two-way", [entitlements, appID]),
            OptionGroup("Android", [android, androidPackage, androidFingerprint]),
            OptionGroup("Output", [format, json, failOn]),
            SharedOptions.suppressions,
        ],
        constraints: [
            SharedOptions.suppressionsConflict, .conflicts(android.name, entitlements.name),
            .conflicts(android.name, appID.name), .conflicts(androidPackage.name, entitlements.name),
            .conflicts(androidPackage.name, appID.name),
        ],
        description: [
            "Validates a local apple-app-site-association file with every document, app ID and rule check, and "
                + "shows each finding on its line with why it matters and how to fix it. --format sarif writes "
                + "SARIF 2.1.0.",
            "--entitlements and --app-id add the two-way checks that need no network: the entitlements' entries are "
                + "well formed, and the file lists each app for every service the entitlements name (the file is "
                + "taken as the one each entitled domain serves); a near miss gets a did-you-mean.",
            "Ignore entries suppress findings, as a linter's do: .aasa-audit.json in the working folder (or "
                + "--config FILE; --no-config reads none) lists {\"check\", \"pointer\" "
                + "(a JSON Pointer), \"reason\"} entries under \"ignore\", and --ignore ID[@DOMAIN] adds one. A "
                + "suppressed finding is still listed, with its reason, and counted apart, and fails "
                + "nothing; an entry that matched nothing is named on stderr (the exit status is unchanged).",
            "An Android assetlinks.json (a file whose top level is an array, or any file with --android) gets the "
                + "android- checks instead, each finding naming the verifier it affects: AOSP's open verifier "
                + "(Android 12+ without Google Play services) fails the whole host on a statement its parser throws "
                + "on, where Google's Digital Asset Links skips only that statement. --android-package NAME with "
                + "--android-fingerprint SHA256 (repeatable; colons optional, any case) says whether each verifier "
                + "would verify that app, and why not. Includes are not fetched.",
        ],
        exitStatus:
            "0 no finding at or above --fail-on (default error), 1 such findings, 2 usage error (also an --app-id "
            + "that is not TEAMID.bundle.id).")

    struct Plan {
        var path: String
        var bytes: [UInt8]
        var format: Format
        var failOn: Severity
        /// The apps the file must list; empty: no two-way check unless `entitlements` names one.
        var appIDs: [String] = []
        var entitlements: Entitlements?
        var suppressions = Suppressions([])
        /// Read as an assetlinks.json (`--android`, or a top-level array).
        var android = false
        var androidApp: AndroidApp?
    }

    /// What `check --json` prints.
    struct Output: Encodable {
        var file: String
        var signed: Bool
        var signer: [SignedCertificate]?
        var apps: [AppServices]
        var findings: [Finding]
    }

    static func plan(from options: ParsedOptions) throws(UsageError) -> Plan {
        let path = options.positionals[0]
        var read: Entitlements?
        if let file = options.string(entitlements) { read = try EntitlementsFile.read(file, command: spec.name) }
        var apps = options.strings(appID)
        if let read, apps.isEmpty {
            guard let stated = read.appID else {
                throw UsageError(
                    "--app-id TEAMID.bundle.id is required: \(read.file) does not state application-identifier",
                    command: spec.name)
            }
            apps = [stated]
        }
        let androidApp = try AndroidOptions.app(from: options, command: spec.name)
        let bytes = try InputFile.read(path, command: spec.name)
        return Plan(
            path: path, bytes: bytes,
            format: options.flag(json) ? .json : options.choice(defaulted: format, as: Format.self),
            failOn: options.choice(defaulted: failOn, as: Severity.self), appIDs: apps, entitlements: read,
            suppressions: try ConfigFile.suppressions(from: options, command: spec.name),
            android: options.flag(android) || androidApp != nil
                || (read == nil && apps.isEmpty && AssetLinks.looksLikeStatementList(bytes)),
            androidApp: androidApp)
    }

    /// The checks `check` runs: an ignore entry for another (a transport or crawl check) or for a domain is meant
    /// for `audit`, so it is not stale here.
    static let checkIDs = Set(
        (Catalogue.documentChecks + Catalogue.limitChecks).map { $0.description.id } + [TooLarge.description.id])

    static func run(_ plan: Plan) async -> ExitCode {
        if plan.android { return AndroidCheck.run(plan) }
        // Apple's 128 KiB limit applies as in `audit`; a file far past it is not decoded at all.
        let file = DecodedFile(bytes: plan.bytes, limit: DecodedFile.localDecodeLimit)
        let apps = file.document.map(AppServices.list) ?? []
        // An app ID that is not TEAMID.bundle.id can never be listed: say what is wrong rather than report it missing.
        for id in plan.appIDs {
            guard let problem = AppIDSuggestion.formatProblem(id) else { continue }
            let guess = AppIDSuggestion.nearest(to: id, among: apps.map(\.appID))
            Terminal.err(
                "aasa-audit check: --app-id \(Terminal.safe(id)) is not an app ID (TEAMID.bundle.id): \(problem)"
                    + (guess.map { "; did you mean \(Terminal.safe($0))?" } ?? ""))
            return .usage
        }
        var findings =
            (Catalogue.check(localFile: file, size: plan.bytes.count)
            + Catalogue.check(localFile: file, name: plan.path, appIDs: plan.appIDs, entitlements: plan.entitlements))
            .sortedForReading()
        plan.suppressions.apply(to: &findings, domain: [])
        // Stale entries are those for checks this run made: the two-way ones only when an app or entitlements is given.
        let twoWay =
            plan.appIDs.isEmpty && plan.entitlements == nil
            ? [] : [EntitlementEntryFormat.description.id, EntitlementAppMissing.description.id]
        ConfigFile.reportUnused(
            plan.suppressions.unused { $0.domain == nil && (checkIDs.contains($0.check) || twoWay.contains($0.check)) },
            command: spec.name)
        switch plan.format {
        case .sarif:
            guard let text = try? SARIFReport.render(file: plan.path, findings: findings, version: AuditTool.version)
            else { return AuditTool.toolFailure(spec.name, "could not encode the SARIF output") }
            Terminal.out(Terminal.safeJSON(text), terminator: "")
        case .json:
            let output = Output(
                file: plan.path, signed: file.signed != nil, signer: file.signed?.certificates, apps: apps,
                findings: findings)
            guard let text = try? JSONOutput.text(output) else {
                return AuditTool.toolFailure(spec.name, "could not encode the JSON output")
            }
            Terminal.out(Terminal.safeJSON(text))
        case .text:
            Terminal.out(FindingPrinter(terminal: .standard, file: file, name: plan.path).render(findings, apps: apps))
        }
        return findings.contains(atLeast: plan.failOn) ? .findings : .success
    }
}
