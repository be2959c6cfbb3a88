import AASA
import Audit

/// `aasa-audit rules`: the check catalogue, which is also the check table of docs/checks.md.
enum RulesCommand: Command {
    static let json = OptionSpec.flag("--json", help: "print the catalogue as JSON, with rationale and reference")
    static let markdown = OptionSpec.flag(
        "--markdown", help: "print the check table in Markdown (as docs/checks.md has it)")
    static let docs = OptionSpec.flag(
        "--docs", help: "print docs/checks.md: every check's reasons, severities and examples, in Markdown")

    static let spec = CommandSpec(
        name: "rules", summary: "the check catalogue",
        examples: Examples.rules, groups: [OptionGroup("Output", [json, markdown, docs])],
        description: [
            "Lists every check: its stable ID (monitoring scripts key on it), area, default severity and summary, "
                + "and when a finding of it is harsher or milder than the default."
        ])

    /// How the catalogue is printed.
    enum Plan {
        case text, json, markdown, docs
    }

    static func plan(from options: ParsedOptions) -> Plan {
        options.flag(json) ? .json : options.flag(markdown) ? .markdown : options.flag(docs) ? .docs : .text
    }

    static func run(_ plan: Plan) async -> ExitCode {
        let descriptions = Catalogue.descriptions
        switch plan {
        case .json:
            guard let text = try? JSONOutput.text(descriptions) else {
                return AuditTool.toolFailure(spec.name, "could not encode the JSON output")
            }
            Terminal.out(text)
        case .markdown: Terminal.out(RulesTable.markdown(descriptions))
        case .docs: Terminal.out(ChecksReference.markdown(), terminator: "")
        case .text: Terminal.out(RulesTable.text(descriptions, terminal: .standard))
        }
        return .success
    }
}
