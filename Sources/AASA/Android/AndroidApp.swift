/// The Android app an audit is about: its package (`--android-package`, or the manifest's) and the certificates it is
/// signed with (`--android-fingerprint`, upper-case colon hex as `CertificateFingerprint.normalized` gives).
public struct AndroidApp: Sendable, Hashable {
    public var package: String
    /// Empty when none was given: then any certificate the file lists for the package counts, and the report says
    /// the certificates were not checked.
    public var fingerprints: [String]

    public init(package: String, fingerprints: [String] = []) {
        self.package = package
        self.fingerprints = fingerprints
    }
}

extension AndroidProbe {
    /// Whether each verifier would verify `app` for this host; nil when no file was served (the fetch checks say why).
    /// Without fingerprints, those the file lists for the package are taken as the app's.
    public func verdict(for app: AndroidApp) -> (aosp: VerifierVerdict, google: VerifierVerdict)? {
        guard let file else { return nil }
        var fingerprints = app.fingerprints
        if fingerprints.isEmpty {
            for verifier in AndroidVerifier.allCases {
                for statement in file.read(by: verifier, resolve: resolve).statements {
                    guard case .app(let package, let listed) = statement.target, package == app.package else {
                        continue
                    }
                    fingerprints += listed.compactMap(CertificateFingerprint.normalized)
                }
            }
        }
        return file.verdict(package: app.package, fingerprints: fingerprints, resolve: resolve)
    }

    /// The host as the URL judge sees it for `app`: verified on the reference device (Android 12+ with Play
    /// services, Google's reading) with the dynamic rules of the app's statement, or not, with the verifier's reason.
    public func hostFile(for app: AndroidApp) -> AndroidMatcher.HostFile {
        let source = assetLinks.url
        guard let (aosp, google) = verdict(for: app) else {
            let answer =
                assetLinks.failure.map { _ in "could not be fetched (\(assetLinks.error ?? "no answer"))" }
                ?? assetLinks.httpStatus.map { "answered HTTP \($0)" } ?? "was not read"
            return .unlisted(source: source, reason: answer)
        }
        guard google.verified else { return .unlisted(source: source, reason: "does not verify it: " + google.reason) }
        var notes: [String] = []
        if !aosp.verified { notes.append("AOSP without Play services answers otherwise: " + aosp.reason) }
        if app.fingerprints.isEmpty {
            notes.append("The app's certificates were not given (--android-fingerprint): any the file lists counts.")
        }
        return .verified(rules(for: app.package), source: source, notes: notes)
    }

    /// The dynamic rules of the first statement Google reads that grants `package` handle_all_urls.
    func rules(for package: String) -> DynamicRules {
        for statement in file?.statements ?? [] {
            guard case .statement(let read) = statement.google, read.relations.contains(AssetLinks.handleAllURLs),
                case .app(let name, _) = read.target, name == package
            else { continue }
            return statement.relationExtensions.map(DynamicRules.read)
                ?? DynamicRules(rules: [], declared: false, diagnostics: [])
        }
        return DynamicRules(rules: [], declared: false, diagnostics: [])
    }
}
