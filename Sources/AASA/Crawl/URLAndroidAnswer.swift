/// Whether a crawled URL opens the Android app (`audit --android-manifest`): a URL row's Android side, present only
/// in a run that judged Android, so a run without it writes its rows exactly as before.
extension URLReport {
    public struct Android: Sendable, Equatable {
        /// Whether a tap opens the app on the reference device (Android 12+ with Google Play services and Android 15's
        /// dynamic rules); nil when that cannot be told (`unknownReason` says why).
        public var opens: Bool?
        /// The app's package (the manifest's, or `--android-package`).
        public var package: String?
        /// What decided, one line: the intent filter and its `<data>` (manifest lines), the dynamic rule (JSON
        /// Pointer); nil when nothing decided (no filter handles the host, or the answer is unknown).
        public var rule: String?
        /// Why the answer is unknown: the assetlinks.json of the URL's verification host was not read in this run
        /// (or the run stopped before judging a crawl too big to judge at once). Nil when the answer is known.
        public var unknownReason: String?

        public init(opens: Bool?, package: String?, rule: String?, unknownReason: String? = nil) {
            self.opens = opens
            self.package = package
            self.rule = rule
            self.unknownReason = unknownReason
        }

        /// The answer cannot be told: never written as "no" (urls.csv says `unknown`, report.json
        /// `"opensAndroid": null`).
        public var unknown: Bool { opens == nil }

        /// urls.csv's `opens_android`: `yes`, `no` or `unknown`.
        public var answer: String { opens.map { $0 ? "yes" : "no" } ?? "unknown" }

        /// The answer as one verdict of `AndroidMatcher` gives it; its notes go to the row's notes.
        public init(_ verdict: AndroidMatcher.Verdict) {
            self.init(opens: verdict.opens, package: verdict.package, rule: verdict.rule)
        }

        /// An answer read back as `"opensAndroid": null` that gave no reason is unknown all the same: each reader of
        /// report.json rows calls this on what it read.
        public mutating func settleUnknown() {
            if opens == nil && unknownReason == nil { unknownReason = URLReport.unknownWithoutReason }
        }
    }

    /// The Android answer as its members are written and read (`jsonFields`): a blank one while the row has none.
    var androidMembers: Android {
        get { android ?? Android(opens: nil, package: nil, rule: nil) }
        set { android = newValue }
    }

    /// report.json's `opensAndroid`: nil when not judged for Android, or when unknown (`android` tells them apart).
    public var opensAndroid: Bool? { android?.opens }
    public var androidPackage: String? { android?.package }
    public var androidRule: String? { android?.rule }
    public var androidUnknownReason: String? { android?.unknownReason }
}
