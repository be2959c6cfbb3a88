import AASA
import Audit
import Foundation
import Reporting

/// `check FILE` on an Android assetlinks.json: the android- checks offline, and with `--android-package` and
/// `--android-fingerprint` each verifier's verdict for that app.
enum AndroidCheck {
    /// One app's verdicts, as `check --json` prints them.
    struct AppVerdict: Encodable {
        var package: String
        var fingerprints: [String]
        /// AOSP's verifier would verify the app on this host.
        var aosp: Bool
        /// Google's DAL semantics (Play services on the reference device) would.
        var google: Bool
        var aospReason: String
        var googleReason: String
    }

    struct AndroidSummary: Encodable {
        var statements: Int
        var apps: [AppVerdict]
    }

    /// What `check --json` prints for an assetlinks.json.
    struct Output: Encodable {
        var file: String
        var android: AndroidSummary
        var findings: [Finding]
    }

    /// The checks an ignore entry can name here.
    static let checkIDs = Set(Catalogue.androidFileChecks.map { $0.description.id })

    static func run(_ plan: CheckCommand.Plan) -> ExitCode {
        let file = AssetLinks.read(bytes: plan.bytes)
        var findings = Catalogue.check(file)
        plan.suppressions.apply(to: &findings, domain: [])
        ConfigFile.reportUnused(
            plan.suppressions.unused { $0.domain == nil && checkIDs.contains($0.check) },
            command: CheckCommand.spec.name)
        let apps = plan.androidApp.map { app -> AppVerdict in
            let verdict = file.verdict(package: app.package, fingerprints: app.fingerprints)
            return AppVerdict(
                package: app.package, fingerprints: app.fingerprints, aosp: verdict.aosp.verified,
                google: verdict.google.verified, aospReason: verdict.aosp.reason, googleReason: verdict.google.reason)
        }
        let summary = AndroidSummary(statements: file.statements.count, apps: apps.map { [$0] } ?? [])
        switch plan.format {
        case .sarif:
            guard let text = try? SARIFReport.render(file: plan.path, findings: findings, version: AuditTool.version)
            else { return AuditTool.toolFailure(CheckCommand.spec.name, "could not encode the SARIF output") }
            Terminal.out(Terminal.safeJSON(text), terminator: "")
        case .json:
            guard let text = try? JSONOutput.text(Output(file: plan.path, android: summary, findings: findings)) else {
                return AuditTool.toolFailure(CheckCommand.spec.name, "could not encode the JSON output")
            }
            Terminal.out(Terminal.safeJSON(text))
        case .text:
            var text = FindingPrinter(terminal: .standard, file: DecodedFile(bytes: plan.bytes), name: plan.path)
                .render(findings, apps: [])
            for app in summary.apps { text += "\n\n" + render(app) }
            Terminal.out(text)
        }
        // The reference device (Google Play services) not verifying the app counts as an error; AOSP alone, as a
        // warning.
        var failing = findings.contains(atLeast: plan.failOn)
        for app in summary.apps {
            if !app.google && Severity.error >= plan.failOn { failing = true }
            if !app.aosp && Severity.warning >= plan.failOn { failing = true }
        }
        return failing ? .findings : .success
    }

    static func render(_ app: AppVerdict) -> String {
        let count = app.fingerprints.count
        var lines = ["android app \(Terminal.safe(app.package)) (\(count) certificate\(count == 1 ? "" : "s")):"]
        lines.append("  Google (Play services, the reference device): \(app.google ? "verified" : "NOT verified")")
        lines += Terminal.standard.wrap(Terminal.safe(app.googleReason), prefix: "    ", indent: "    ")
        lines.append("  AOSP (Android 12+ without Play services): \(app.aosp ? "verified" : "NOT verified")")
        lines += Terminal.standard.wrap(Terminal.safe(app.aospReason), prefix: "    ", indent: "    ")
        return lines.joined(separator: "\n")
    }
}
