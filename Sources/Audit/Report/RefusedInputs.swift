/// The input lines a run refused, as reports carry them: the first `kept` with their reasons, the rest only
/// counted. A 16 MB list of junk lines once cost 6.5 GB and wrote a 1.1 GB links.json; now it costs its first
/// thousand lines and a number.
public struct RefusedInputs: Sendable, Equatable {
    /// Refused lines kept with their reasons per run (and per merged run).
    public static let kept = 1_000

    private var list = CappedList<InputError>()

    /// The refused lines kept with their reasons.
    public var errors: [InputError] { list.entries }
    /// Refused lines past `kept`: counted, not kept.
    public var omitted: Int { list.omitted }

    public init() {}

    /// `errors` past `kept` are counted with `omitted`.
    public init(errors: [InputError], omitted: Int) { list = CappedList(entries: errors, omitted: omitted) }

    public var isEmpty: Bool { list.isEmpty }

    /// Every refused line, kept or counted.
    public var count: Int { list.count }

    /// Keeps `error` while fewer than `kept` are kept, else counts it; the error is only built when kept.
    public mutating func append(_ error: @autoclosure () -> InputError) { list.append(error()) }

    /// Counts never wrap: a count read from a file may be anything up to `Int.max`.
    static func sum(_ a: Int, _ b: Int) -> Int {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : total
    }

    /// "and 15,000 more refused lines": the line stderr ends the refused lines with, nil when none was omitted.
    public var omittedLine: String? {
        omitted > 0 ? "and \(Self.grouped(omitted)) more refused line\(omitted == 1 ? "" : "s")" : nil
    }

    /// 15000 as "15,000".
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }
}

extension RefusedInputs {
    /// The refused lines of a merged run. Every shard of one run reads the same lists and refuses the same lines, so
    /// a line kept by several shards is kept once and the run refused as many lines as the shard that refused the
    /// most (summing would count each line once per shard); shards given other lists still count at least every
    /// distinct line kept. A negative count is refused: the file was not written by `audit`.
    static func merged(
        _ parts: [(source: String, errors: [InputError], omitted: Int)]
    ) throws(MergeRefusal)
        -> RefusedInputs
    {
        var seen = Set<[String]>()
        var union: [InputError] = []
        var total = 0
        for part in parts {
            guard part.omitted >= 0 else {
                throw MergeRefusal("\(part.source): inputErrorsOmitted is \(part.omitted), not a count of lines")
            }
            for error in part.errors where seen.insert([error.source, error.input, error.reason]).inserted {
                union.append(error)
            }
            total = max(total, sum(part.errors.count, part.omitted))
        }
        total = max(total, union.count)
        return RefusedInputs(errors: union, omitted: total - union.count)
    }
}
