import Audit

/// The refused input lines on stderr, `FILE:LINE: "input": reason` each, before a run starts: the kept ones, then
/// one line counting the rest ("and 15,000 more refused lines"), so a list of junk never floods the terminal.
enum RefusedLines {
    static func print(_ refused: RefusedInputs, command: String) {
        for error in refused.errors { Terminal.err(Terminal.safe(error.line)) }
        if let more = refused.omittedLine {
            Terminal.err("aasa-audit \(command): \(more) (counted in the report, not listed)")
        }
    }
}
