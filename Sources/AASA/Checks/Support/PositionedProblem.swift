/// A problem found below the JSON model (the encoding, the syntax): it carries its own message and position, and
/// has no JSON Pointer since no value was read there.
protocol PositionedProblem {
    var message: String { get }
    var position: SourcePosition { get }
}

extension EncodingProblem: PositionedProblem {}
extension JSONSyntaxError: PositionedProblem {}

extension FindingSink {
    /// A finding of `check` at the problem's position, in the problem's own words; none when there is no problem.
    mutating func add(_ check: CheckDescription, _ problem: (some PositionedProblem)?, why: String, fix: String) {
        guard let problem else { return }
        add(check, at: problem.position, pointer: nil, problem.message, why: why, fix: fix)
    }
}
