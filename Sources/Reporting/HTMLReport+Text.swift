import Foundation

/// Site text written into the page: escaped (`escapeHTML`), with line-break opportunities where a long value
/// may wrap without splitting a word, and code in check messages set as code.
extension HTMLReport {
    /// A URL, escaped, with a line-break opportunity (`<wbr>`) after each `/`, `?` and `&`: a long URL wraps at
    /// its separators instead of widening the page or splitting a word.
    static func url(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for c in text.unicodeScalars { appendURLScalar(c, to: &out) }
        return out
    }

    /// A host name, escaped, with a line-break opportunity after each dot (a heading on a phone).
    static func host(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            appendEscapedHTML(c, to: &out)
            if c == "." { out += "<wbr>" }
        }
        return out
    }

    /// A check's message, reason or hint: escaped first, then text between backticks set as `<code>` and the
    /// `http(s)://` URLs it quotes given `url`'s break opportunities. An unpaired backtick stays as it is.
    static func prose(_ text: String) -> String {
        let s = Array(text.unicodeScalars)
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        var i = 0
        var inURL = false
        while i < s.count {
            let c = s[i]
            if c == "`", let close = s[(i + 1)...].firstIndex(of: "`"), close > i + 1 {
                out += "<code>"
                for k in (i + 1)..<close { appendEscapedHTML(s[k], to: &out) }
                out += "</code>"
                i = close + 1
                inURL = false
                continue
            }
            if c.properties.isWhitespace || c == "\"" || c == "'" {
                inURL = false
            } else if !inURL && c == "h" && startsURL(s, at: i) {
                inURL = true
            }
            if inURL { appendURLScalar(c, to: &out) } else { appendEscapedHTML(c, to: &out) }
            i += 1
        }
        return out
    }

    /// `text` cut to `limit` characters with an ellipsis, for one-line summaries (before escaping).
    static func clipped(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    private static func appendURLScalar(_ c: Unicode.Scalar, to out: inout String) {
        appendEscapedHTML(c, to: &out)
        if c == "/" || c == "?" || c == "&" { out += "<wbr>" }
    }

    private static func startsURL(_ s: [Unicode.Scalar], at i: Int) -> Bool {
        for prefix in ["https://", "http://"] {
            let p = Array(prefix.unicodeScalars)
            if i + p.count <= s.count && Array(s[i..<(i + p.count)]) == p { return true }
        }
        return false
    }
}
