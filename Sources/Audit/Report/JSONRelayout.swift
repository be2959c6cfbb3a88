import AASA

extension JSONBytes {
    /// Compact JSON text (`JSONOutput.compactEncoder()`'s: no byte outside a string is white space) in the pretty
    /// layout at `depth`, as `JSONOutput.encoder()` writes the same value there: a domain's log line becomes its
    /// report.json entry without being decoded and encoded again. Runs between structural bytes are copied whole.
    static func relayout(_ text: ArraySlice<UInt8>, depth start: Int, into out: inout [UInt8]) {
        var depth = start
        var run = text.startIndex
        var index = text.startIndex
        let end = text.endIndex
        func copy(through last: Int, _ out: inout [UInt8]) {
            out += text[run..<last]
            run = last
        }
        while index < end {
            switch text[index] {
            case UInt8(ascii: "\""):
                index += 1
                while index < end && text[index] != UInt8(ascii: "\"") {
                    index += text[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                copy(through: index + 1, &out)
                out.append(UInt8(ascii: "\n"))
                let next = index + 1
                if next < end && (text[next] == UInt8(ascii: "}") || text[next] == UInt8(ascii: "]")) {
                    // An empty container: an opening line, a blank line and the bracket.
                    out.append(UInt8(ascii: "\n"))
                    pad(depth, &out)
                    out.append(text[next])
                    index = next + 1
                    run = index
                } else {
                    depth += 1
                    pad(depth, &out)
                    index = next
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                copy(through: index, &out)
                depth -= 1
                out.append(UInt8(ascii: "\n"))
                pad(depth, &out)
                index += 1
            case UInt8(ascii: ","):
                copy(through: index + 1, &out)
                out.append(UInt8(ascii: "\n"))
                pad(depth, &out)
                index += 1
                run = index
            case UInt8(ascii: ":"):
                copy(through: index, &out)
                out += " : ".utf8
                index += 1
                run = index
            default:
                index += 1
            }
        }
        copy(through: end, &out)
    }
}
