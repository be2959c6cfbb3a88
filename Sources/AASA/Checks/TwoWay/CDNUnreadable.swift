import Foundation

/// A CDN copy that answers 200 must be a readable AASA file: devices get nothing usable otherwise.
public enum CDNUnreadable: Check {
    public static let description = CheckDescription(
        id: "cdn-unreadable", area: .twoWay, severity: .error,
        summary: "Apple's CDN copy is a readable file",
        rationale: """
            Devices on iOS 14+ read the file from Apple's CDN. A CDN answer of 200 whose body is an HTML page, \
            truncated or invalid JSON, or a JSON value other than an object gives devices no usable file, whatever \
            the site serves now; it cannot be compared with the site's file either. A copy of the site's own bytes is \
            left to the findings on the site's file.
            """,
        reference: AppleDocs.supportingAssociatedDomains)

    public static let examples = Examples<DomainProbe>(
        passing: [.passing(ExampleProbe.withCDN(ExampleProbe.exchange(.cdn)))],
        failing: [
            .failing(
                ExampleProbe.withCDN(
                    ExampleProbe.exchange(
                        .cdn, contentType: "text/html", body: "<!DOCTYPE html><html><body>Sign in</body></html>")),
                at: [DomainProbe.url(ExampleProbe.domain, .cdn)]),
            .failing(
                ExampleProbe.withCDN(ExampleProbe.exchange(.cdn, body: String(ExampleProbe.body.prefix(40)))),
                at: [DomainProbe.url(ExampleProbe.domain, .cdn)]),
            .failing(
                ExampleProbe.withCDN(ExampleProbe.exchange(.cdn, body: #"{"applinks": {"details": []}, "n": 1e400}"#)),
                at: [DomainProbe.url(ExampleProbe.domain, .cdn)]),
            .failing(
                {
                    // The site is broken too, but the CDN serves another page than the site's.
                    var probe = ExampleProbe.healthy(wellKnown: ExampleProbe.exchange(body: "<html>app shell</html>"))
                    probe.cdn = ExampleProbe.exchange(.cdn, body: "<html>Sign in</html>")
                    return probe
                }(),
                at: [DomainProbe.url(ExampleProbe.domain, .cdn)]),
        ])

    public static func run(_ probe: DomainProbe, into findings: inout FindingSink) {
        // Another status, a failure reason or a failed fetch is cdn-failure's to report.
        guard let cdn = probe.cdn, cdn.httpStatus == 200, cdn.failure == nil,
            cdn.header("Apple-Failure-Reason") == nil, let reason = unreadable(cdn, probe.cdnFile)
        else { return }
        // The very bytes the site serves: the site's own findings already say why they cannot be read.
        if let wellKnown = probe.wellKnown, wellKnown.httpStatus == 200, wellKnown.truncated == cdn.truncated,
            wellKnown.body == cdn.body
        {
            return
        }
        findings.add(
            description, at: cdn, "Apple's CDN answered 200 with something that is not a readable file: \(reason)",
            why:
                "iOS 14+ devices use the CDN copy; an unreadable one associates the domain with no app until the CDN refreshes.",
            fix:
                "Make sure the site serves the file itself (no login wall, error page or app-shell fallback for Apple's "
                + "crawler) and wait for the CDN to refresh (within about a day).")
    }

    /// Why `file` (the CDN's 200 body, decoded) is no usable AASA file, or nil when it is one.
    static func unreadable(_ cdn: Exchange, _ file: DecodedFile?) -> String? {
        if cdn.truncated { return "the body was cut at the size limit." }
        guard let file else { return "the body could not be decoded." }
        if let error = file.signedError { return "the signed envelope cannot be read (\(error.message))." }
        if let problem = file.encodingProblem { return problem.message }
        if let error = file.syntaxError {
            return "\(error.message) (line \(error.position.line), column \(error.position.column))"
        }
        guard let root = file.root else { return "the body holds no JSON value." }
        guard root.members != nil else { return "its top level is \(root.typeName), not an object." }
        var tooLarge: String?
        JSONNumberOutOfRange.visit(root) { node, _ in
            if tooLarge == nil { tooLarge = node.pointer }
        }
        if let tooLarge {
            return
                "the number at \(tooLarge.isEmpty ? "/" : tooLarge) is beyond the range a device's JSON parser can hold."
        }
        return nil
    }
}
