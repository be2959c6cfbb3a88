/// A manifest attribute value as aapt2 compiles it into the APK: `\` escapes (`\\`, `\'`, `\"`, `\n`, `\t`,
/// `\u` and four hex digits; before any other character the backslash is dropped), unescaped double quotes removed, and outside quotes
/// runs of white space collapsed to one space. So `android:pathPattern="/a\\.b"` reaches `PatternMatcher` as `/a\.b`,
/// and `"/a\.b"` as `/a.b`.
///
/// - SeeAlso: AOSP `frameworks/base/tools/aapt2/ResourceUtils.cpp` (`StringBuilder::AppendText`).
public enum AaptString {
    public static func unescape(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        var quoted = false
        var lastWasSpace = false
        while let scalar = scalars.popFirst() {
            if scalar == "\\" {
                guard let next = scalars.popFirst() else { break }
                lastWasSpace = false
                switch next {
                case "n": out.append("\n")
                case "t": out.append("\t")
                case "u":
                    let hex = String(String.UnicodeScalarView(scalars.prefix(4)))
                    if hex.count == 4, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) {
                        out.append(decoded)
                        scalars = scalars.dropFirst(4)
                    }
                default: out.append(next)
                }
            } else if scalar == "\"" {
                quoted.toggle()
            } else if !quoted && scalar.properties.isWhitespace {
                if !lastWasSpace { out.append(" ") }
                lastWasSpace = true
            } else {
                out.append(scalar)
                lastWasSpace = false
            }
        }
        return String(out)
    }
}
