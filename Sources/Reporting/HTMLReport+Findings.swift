import AASA
import Foundation

/// One finding as a block: badge, ID and message, where it is, the lines of the file around it, why and how to
/// fix it, and Apple's page behind the check.
extension HTMLReport {
    static func findingHTML(_ f: Finding, lines: [String]) -> String {
        var h =
            "<div class=\"finding \(f.severity.rawValue)\"><p>\(badge(f.severity.rawValue, f.severity.rawValue)) <code>\(escapeHTML(f.id))</code> \(prose(f.message))</p>"
        let where_ = location(f.location)
        if !where_.isEmpty { h += "<p class=\"note\">\(where_)</p>" }
        if let line = f.location.line, line >= 1, line <= lines.count {
            h += excerpt(lines, around: line)
        }
        h += "<p><strong>Why:</strong> \(prose(f.why))</p><p><strong>Fix:</strong> \(prose(f.hint))</p>"
        if let reference = f.reference, reference.hasPrefix("https://") {
            h += "<p class=\"note\"><a href=\"\(escapeHTML(reference))\">\(url(reference))</a></p>"
        }
        return h + "</div>"
    }

    /// The findings an ignore entry silenced, closed, each with the entry's reason: kept in sight, counted apart.
    static func suppressedHTML(_ findings: [Finding], lines: [String]) -> String {
        let silenced = findings.filter(\.isSuppressed)
        guard !silenced.isEmpty else { return "" }
        let total = findings.suppressedCount
        var h = "<details><summary>\(total) suppressed</summary>"
        for f in silenced {
            h += "<p class=\"note\"><strong>Suppressed:</strong> \(escapeHTML(f.suppressedReason ?? ""))</p>"
            h += findingHTML(f, lines: lines)
        }
        return h + "</details>"
    }

    /// The URL, the JSON Pointer (the whole file when empty) and the line and column.
    static func location(_ l: FindingLocation) -> String {
        var parts: [String] = []
        if let u = l.url { parts.append(url(u)) }
        if let pointer = l.pointer {
            parts.append(pointer.isEmpty ? "(top level)" : "<code>\(url(pointer))</code>")
        }
        if let line = l.line { parts.append("line \(line)" + (l.column.map { ", column \($0)" } ?? "")) }
        return parts.joined(separator: " ")
    }

    /// The finding's line between its neighbours, highlighted. The highlight is a block that ends its own line, so
    /// no line break follows it (one would show as a blank line).
    static func excerpt(_ lines: [String], around line: Int) -> String {
        let first = max(1, line - 1)
        let last = min(lines.count, line + 1)
        var h = "<pre>"
        for n in first...last {
            let text = "<span class=\"ln\">\(n)</span>\(escapeHTML(String(lines[n - 1].prefix(300))))"
            if n == line {
                h += "<span class=\"hl\">\(text)</span>"
            } else {
                h += text + (n == last ? "" : "\n")
            }
        }
        return h + "</pre>"
    }
}
