/// The `findings-truncated` finding: what `FindingSink` adds for each check it capped. It lives beside the sink
/// that makes it, so the findings cap needs neither the checks nor their catalogue; the `FindingsTruncated` check
/// shows this description in `rules` and runs its examples.
public enum TruncationFinding {
    public static let description = CheckDescription(
        id: "findings-truncated", area: .limits, severity: .info,
        summary: "At most 100 findings of one check are listed per file, crawl or domain's fetches",
        rationale: """
            A hostile or generated file can raise tens of thousands of findings of one kind; listing them all costs \
            hundreds of megabytes and unreadable reports without telling more. The first 100 are listed with their \
            locations, the rest are counted in the summary, the verdict and the exit status.
            """,
        // `AppleDocs.supportingAssociatedDomains`, which lives with the checks.
        reference: "https://developer.apple.com/documentation/xcode/supporting-associated-domains")

    /// The finding standing for what one check left out: `omitted` carries the counts, the location is that of
    /// the first finding left out, `scope` says what the cap counted per (a file, a crawl, the entitlements).
    static func finding(
        omitted: OmittedFindings, kept: Int, at location: FindingLocation, scope: FindingScope = .file
    ) -> Finding {
        let more = omitted.total
        let again =
            switch scope {
            case .file, .entitlements, .androidManifest: "check the file again"
            case .fetches: "audit the domain again"
            case .crawl: "crawl the site again"
            }
        return Finding(
            id: description.id, severity: description.severity,
            message: "\(omitted.check) raised \(grouped(more)) more finding\(more == 1 ? "" : "s") \(scope.place) "
                + "(\(breakdown(omitted))); the first \(kept) are listed, and the first one left out is here.",
            location: location,
            why:
                "Only the first \(kept) findings of a check are kept \(scope.unit), so reports stay readable and "
                + "memory bounded; the summary, the verdict and the exit status count every finding.",
            hint: "Fix the \(omitted.check) findings listed, then \(again) to see the rest.",
            reference: description.reference, omitted: omitted)
    }

    static func breakdown(_ omitted: OmittedFindings) -> String {
        Severity.allCases.reversed().compactMap { s in
            let n = omitted.count(s)
            return n == 0 ? nil : "\(grouped(n)) \(s.rawValue)\(n == 1 ? "" : "s")"
        }.joined(separator: ", ")
    }

    /// 63900 -> "63,900", whatever the locale.
    static func grouped(_ n: Int) -> String {
        let digits = Array(String(n.magnitude))
        var out = ""
        for (i, d) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return (n < 0 ? "-" : "") + out
    }
}
