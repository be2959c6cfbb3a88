import Foundation

/// Android's verifier gives up after 5 s to connect and 5 s waiting to read.
public enum AndroidSlow: Check {
    public static let description = CheckDescription(
        id: "android-slow", area: .android, severity: .error,
        summary: "assetlinks.json answers within Android's 5 s timeouts",
        rationale: """
            AOSP's verifier opens the connection with a 5 s connect timeout and reads with a 5 s read timeout \
            (StatementService's HTTP_CONNECTION_TIMEOUT_MILLIS), which applies to every read: to the first byte and \
            to each wait between two parts of the body. A server slower than that fails verification on the \
            device, even when a desktop browser or this audit's longer timeout gets the file.
            """,
        reference: AndroidDocs.statementServiceFetcher)

    static let limitMs = 5_000.0

    public static let examples = Examples<AndroidProbe>.fileFailing(
        ExampleAndroidProbe.file(timings: Timings(connect: 30, tls: 80, firstByte: 6_200, total: 6_210)),
        ExampleAndroidProbe.file(timings: stalled))

    /// A first byte in time, then a read that waits past the limit.
    static var stalled: Timings {
        var t = Timings(connect: 30, tls: 80, firstByte: 130, total: 6_300)
        t.longestGap = 6_100
        return t
    }

    public static func run(_ probe: AndroidProbe, into findings: inout FindingSink) {
        let e = probe.assetLinks
        guard e.failure == nil, e.httpStatus != nil else { return }
        let t = e.timingsMs
        let connecting = (t.connect ?? 0) - (t.dns ?? 0)
        let waiting = (t.firstByte ?? 0) - max(t.tls ?? 0, t.connect ?? 0)
        let slow: String? =
            if connecting > limitMs {
                "opening the connection took \(Int(connecting)) ms"
            } else if waiting > limitMs {
                "the answer's first byte came \(Int(waiting)) ms after the request"
            } else if let gap = t.longestGap, gap > limitMs {
                "the body stalled for \(Int(gap)) ms between two reads"
            } else {
                nil
            }
        guard let slow else { return }
        findings.add(
            description, at: e, "assetlinks.json is slow: \(slow); Android's verifier waits 5,000 ms.",
            why: "On the device the fetch times out, so no app is verified for \(probe.domain).",
            fix: "Serve the file as a static file, close to the edge (a CDN), not from an application that computes it."
        )
    }
}
