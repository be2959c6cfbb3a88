/// The pieces of `JSONOutput.encoder()`'s layout: two spaces a level, `"key" : value`, a newline before a
/// closing bracket (so an empty container is an opening line, a blank line and the bracket), slashes and
/// non-ASCII as they are; or of `JSONOutput.compactEncoder()`'s, the same without the spaces and line breaks.
public enum JSONBytes {
    /// Pretty at `depth` levels of nesting, or compact (one line, no spaces).
    public struct Layout: Sendable {
        public var compact: Bool
        public var depth: Int

        public init(compact: Bool, depth: Int) {
            self.compact = compact
            self.depth = depth
        }

        public static let compact = Layout(compact: true, depth: 0)
        public static func pretty(_ depth: Int) -> Layout { Layout(compact: false, depth: depth) }

        /// One level further in.
        public var nested: Layout { Layout(compact: compact, depth: depth + 1) }

        /// A container's opening bracket (and, pretty, the line break after it).
        public func open(_ bracket: StaticString, _ out: inout [UInt8]) {
            bracket.withUTF8Buffer { out += $0 }
            if !compact { out.append(UInt8(ascii: "\n")) }
        }

        /// Before an element of a container at this level: the separator unless `first`, then, pretty, the
        /// indentation of the level inside.
        public func element(first: Bool, _ out: inout [UInt8]) {
            if !first { out += compact ? ",".utf8 : ",\n".utf8 }
            if !compact { JSONBytes.pad(depth + 1, &out) }
        }

        /// Between a member's name and its value.
        public func colon(_ out: inout [UInt8]) {
            out += compact ? ":".utf8 : " : ".utf8
        }

        /// Pretty: a newline, then the bracket at the container's own indentation; compact: the bracket.
        public func close(_ bracket: StaticString, _ out: inout [UInt8]) {
            if !compact {
                out.append(UInt8(ascii: "\n"))
                JSONBytes.pad(depth, &out)
            }
            bracket.withUTF8Buffer { out += $0 }
        }
    }

    /// An object being written: `{`, then members separated by `,` (and, pretty, a newline, each on its own
    /// indented line).
    public struct Object {
        let layout: Layout
        private var empty = true

        public init(_ layout: Layout, out: inout [UInt8]) {
            self.layout = layout
            layout.open("{", &out)
        }

        /// Starts a member: the separator, the indentation and `"name" : `. `name` needs no escaping.
        public mutating func key(_ name: StaticString, _ out: inout [UInt8]) {
            layout.element(first: empty, &out)
            empty = false
            out.append(UInt8(ascii: "\""))
            name.withUTF8Buffer { out += $0 }
            out.append(UInt8(ascii: "\""))
            layout.colon(&out)
        }

        public func close(_ out: inout [UInt8]) {
            layout.close("}", &out)
        }
    }

    /// Two spaces a level. Copied from a buffer: appending a `repeatElement` went a byte at a time and was most of
    /// report.json's time for a big crawl's rows.
    public static func pad(_ depth: Int, _ out: inout [UInt8]) {
        var left = 2 * depth
        while left > 0 {
            let count = min(left, spaces.count)
            spaces.withUnsafeBufferPointer { out.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<count])) }
            left -= count
        }
    }

    private static let spaces = [UInt8](repeating: UInt8(ascii: " "), count: 64)

    /// Decimal digits, as JSONEncoder writes an integer.
    public static func int(_ value: Int, _ out: inout [UInt8]) {
        if value >= 0 && value < 10 {
            out.append(UInt8(ascii: "0") + UInt8(value))
        } else {
            out += String(value).utf8
        }
    }

    /// How `string` writes U+0008 and U+000C, the two control characters JSON may name either way.
    public enum ControlNames: Sendable {
        /// `\b` and `\f`, as JSONEncoder writes them: every report writer.
        case encoder
        /// `\u0008` and `\u000c`: `JSONNode.jsonText`, whose text is a rule's `rule` in the reports and part of the
        /// change fingerprint (`Changes`), so its bytes stay what they have always been.
        case numeric
    }

    /// JSONEncoder's escaping: `"` and `\` with a backslash, \b \f \n \r \t by name (\b and \f as `\u00XX`
    /// with `.numeric`), the other control characters below U+0020 as `\u00XX` in lower-case hex; everything
    /// else (DEL, `/`, non-ASCII) as it is.
    public static func string(_ text: String, _ out: inout [UInt8], _ names: ControlNames = .encoder) {
        out.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                out += UnsafeBufferPointer(rebasing: bytes[start..<index])
                escape(byte, names, &out)
                start = index + 1
            }
            out += UnsafeBufferPointer(rebasing: bytes[start...])
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func escape(_ byte: UInt8, _ names: ControlNames, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\\"))
        switch byte {
        case 0x22: out.append(UInt8(ascii: "\""))
        case 0x5C: out.append(UInt8(ascii: "\\"))
        case 0x08 where names == .encoder: out.append(UInt8(ascii: "b"))
        case 0x0C where names == .encoder: out.append(UInt8(ascii: "f"))
        case 0x0A: out.append(UInt8(ascii: "n"))
        case 0x0D: out.append(UInt8(ascii: "r"))
        case 0x09: out.append(UInt8(ascii: "t"))
        default:
            let hex: StaticString = "0123456789abcdef"
            hex.withUTF8Buffer { hex in
                out += [
                    UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
                ]
            }
        }
    }
}
