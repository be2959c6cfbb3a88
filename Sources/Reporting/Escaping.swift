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

/// The bidirectional embeddings, overrides, isolates and marks (U+061C, U+200E, U+200F, U+202A–U+202E,
/// U+2066–U+2069): raw, they let a site reorder what a reader sees (`moc.elpmaxe` shown as `example.com`, a rule
/// that reads the other way round), so every report shows them as `visibleEscape` text, as the terminal does.
func isBidiControl(_ c: Unicode.Scalar) -> Bool {
    switch c.value {
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    default: false
    }
}

/// Escapes text for HTML and XML: every piece of site content goes through here. Characters that would make the
/// XML ill-formed, and the bidi controls, are shown as `visibleEscape` text instead.
public func escapeHTML(_ text: String) -> String {
    // Most text (domain names, check IDs, URLs) has nothing to escape: it is returned as it is, not copied a scalar
    // at a time.
    if text.utf8.allSatisfy(isPlainMarkup) { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text.unicodeScalars { appendEscapedHTML(c, to: &out) }
    return out
}

/// Printable ASCII that `appendEscapedHTML` writes as it is.
@inline(__always) private func isPlainMarkup(_ byte: UInt8) -> Bool {
    byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "&") && byte != UInt8(ascii: "<")
        && byte != UInt8(ascii: ">") && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "'")
}

/// One scalar of `escapeHTML`, for writers that decide line-break opportunities or code spans as they go.
func appendEscapedHTML(_ c: Unicode.Scalar, to out: inout String) {
    switch c {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    case "'": out += "&#39;"
    default:
        if isUnwritableInMarkup(c) || isBidiControl(c) {
            out += visibleEscape(c)
        } else {
            out.unicodeScalars.append(c)
        }
    }
}

/// Escapes text for Markdown (`summary.md`, rendered by GitHub, GitLab and CI job summaries) outside a code span:
/// controls, bidi controls and the line separators shown as `visibleEscape` text (a line break would end a table
/// row); the characters that start Markdown or HTML syntax (`` ` ``, `|`, `*`, `_`, `~`, `[`, `]`, `\`) escaped with a
/// backslash; `<`, `>` and `&` as entities, so a site can neither add markup, links or images nor spell a raw
/// character as an entity.
func escapeMarkdown(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text.unicodeScalars {
        switch c {
        case "`", "|", "*", "_", "~", "[", "]", "\\": out += "\\" + String(c)
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "&": out += "&amp;"
        default:
            if isMarkdownUnsafe(c) { out += visibleEscape(c) } else { out.unicodeScalars.append(c) }
        }
    }
    return out
}

/// Escapes text for the inside of a Markdown code span, where backslash escapes and entities are shown as typed:
/// a backtick (it would end the span) and the characters `escapeMarkdown` shows as escapes are written as
/// `visibleEscape` text; `|` keeps its backslash, which GitHub's table syntax removes before reading the span.
func escapeMarkdownCode(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text.unicodeScalars {
        switch c {
        case "|": out += "\\|"
        case "`": out += visibleEscape(c)
        default:
            if isMarkdownUnsafe(c) { out += visibleEscape(c) } else { out.unicodeScalars.append(c) }
        }
    }
    return out
}

/// C0 controls (line breaks and tabs too: one table row is one line), DEL, C1 controls, the bidi controls, the
/// Unicode line and paragraph separators and the characters XML forbids.
private func isMarkdownUnsafe(_ c: Unicode.Scalar) -> Bool {
    c.value < 0x20 || c.value == 0x2028 || c.value == 0x2029 || isUnwritableInMarkup(c) || isBidiControl(c)
}
