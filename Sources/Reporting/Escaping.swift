import Foundation

/// How a character that must not be written raw is shown instead, in every output (terminal, XML, HTML): Swift's
/// own escape, hex in capitals (`\u{1B}` for ESC, `\u{202E}` for RIGHT-TO-LEFT OVERRIDE, `\u{FFFE}`). Plain
/// ASCII, so it is safe wherever it goes and a reader can tell exactly which character the site sent.
public func visibleEscape(_ scalar: Unicode.Scalar) -> String {
    "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
}

/// Characters XML 1.0 forbids (C0 controls other than tab, LF and CR; U+FFFE and U+FFFF), plus the ones it
/// discourages and HTML calls parse errors (DEL, C1 controls, the other noncharacters): never written raw.
func isUnwritableInMarkup(_ c: Unicode.Scalar) -> Bool {
    let v = c.value
    if v < 0x20 { return v != 0x09 && v != 0x0A && v != 0x0D }
    if v >= 0x7F && v <= 0x9F { return true }
    return (v >= 0xFDD0 && v <= 0xFDEF) || v & 0xFFFE == 0xFFFE
}

/// Escapes text for HTML and XML: every piece of site content goes through here. Characters that would make the
/// XML ill-formed are shown as `visibleEscape` text instead.
public func escapeHTML(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text.unicodeScalars {
        switch c {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        default:
            if isUnwritableInMarkup(c) {
                out += visibleEscape(c)
            } else {
                out.unicodeScalars.append(c)
            }
        }
    }
    return out
}
