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
    /// Every app either verifier reads an App Links (handle_all_urls) statement for, in file order, with the
    /// fingerprints the file lists for it as written.
    public func grantedApps(_ file: AssetLinksFile) -> [(package: String, fingerprints: [String])] {
        var listed: [(package: String, fingerprints: [String])] = []
        for verifier in AndroidVerifier.allCases {
            for statement in file.read(by: verifier, resolve: resolve).statements
            where statement.relations.contains(AssetLinks.handleAllURLs) {
                guard case .app(let package, let fingerprints) = statement.target else { continue }
                if let index = listed.firstIndex(where: { $0.package == package }) {
                    listed[index].fingerprints += fingerprints.filter { !listed[index].fingerprints.contains($0) }
                } else {
                    listed.append((package, fingerprints))
                }
            }
        }
        return listed
    }

    /// The certificates `app` is judged with: those given, or else every one the file grants its package with.
    func fingerprints(for app: AndroidApp, in file: AssetLinksFile) -> [String] {
        guard app.fingerprints.isEmpty else { return app.fingerprints }
        let listed = grantedApps(file).first { $0.package == app.package }?.fingerprints ?? []
        return listed.compactMap(CertificateFingerprint.normalized)
    }

    /// Whether each verifier would verify `app` for this host; nil when no file was served (the fetch checks say why).
    public func verdict(for app: AndroidApp) -> (aosp: VerifierVerdict, google: VerifierVerdict)? {
        guard let file else { return nil }
        return file.verdict(package: app.package, fingerprints: fingerprints(for: app, in: file), resolve: resolve)
    }

    /// The host as the URL judge sees it for `app`, as `match --domain` sees it: verified on the reference device
    /// (Google's reading) with the dynamic rules of the app's statement, or not, with the verifiers' reasons.
    public func hostFile(for app: AndroidApp) -> AndroidMatcher.HostFile {
        let source = assetLinks.url
        guard let file else {
            let answer =
                assetLinks.failure.map { _ in "could not be fetched (\(assetLinks.error ?? "no answer"))" }
                ?? assetLinks.httpStatus.map { "answered HTTP \($0)" } ?? "was not read"
            return .unlisted(source: source, reason: answer)
        }
        let checked = AndroidMatcher.HostFile.checked(
            file, package: app.package, fingerprints: fingerprints(for: app, in: file), source: source,
            resolve: resolve)
        guard app.fingerprints.isEmpty, case .verified(let rules, let source, let notes) = checked else {
            return checked
        }
        return .verified(
            rules, source: source,
            notes: notes + ["The app's certificates were not given (--android-fingerprint): any the file lists counts."]
        )
    }
}
