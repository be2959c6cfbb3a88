import Foundation

/// Escapes text for HTML and XML: every piece of site content goes through here.
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
            // Control characters are not allowed in XML 1.0; show them instead of writing invalid markup.
            if c.value < 0x20 && c != "\n" && c != "\t" && c != "\r" {
                out += "\\u{\(String(c.value, radix: 16))}"
            } else {
                out.unicodeScalars.append(c)
            }
        }
    }
    return out
}
