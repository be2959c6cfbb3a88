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

    static let spec = CommandSpec(
        name: "check", summary: "validate a local apple-app-site-association file",
        examples: Examples.check,
        positionals: [PositionalSpec("FILE", .one, isPath: true, help: "the file (JSON or CMS-signed); - reads stdin")],
        groups: [OptionGroup("Output", [format, json, failOn])],
        description: [
            "Validates a local apple-app-site-association file with every document, app ID and rule check, and "
                + "shows each finding on its line with why it matters and how to fix it. --format sarif writes "
                + "SARIF 2.1.0."
        ],
        exitStatus: "0 no finding at or above --fail-on (default error), 1 such findings, 2 usage error.")

    struct Plan {
        var path: String
        var bytes: [UInt8]
        var format: Format
        var failOn: Severity
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
        return Plan(
            path: path, bytes: try InputFile.read(path, command: spec.name),
            format: options.flag(json) ? .json : options.choice(format, as: Format.self) ?? .text,
            failOn: options.choice(failOn, as: Severity.self) ?? .error)
    }

    static func run(_ plan: Plan) async -> ExitCode {
        // Apple's 128 KiB limit applies as in `audit`; a file far past it is not decoded at all.
        let file = DecodedFile(bytes: plan.bytes, limit: DecodedFile.localDecodeLimit)
        let findings = Catalogue.check(localFile: file, size: plan.bytes.count)
        let apps = file.document.map(AppServices.list) ?? []
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
