extension AndroidMatcher.HostFile {
    /// What a host's assetlinks.json says of the app signed with any of `fingerprints` (upper-case colon hex), read as
    /// AOSP's and Google's verifiers read it: Google's answer is the reference device's, and where AOSP answers
    /// otherwise the verdict says so (a note when the host verifies, a second reason when it does not).
    ///
    /// The dynamic rules are those of the first statement in the file itself that grants the app
    /// `handle_all_urls` with one of the certificates (an included file's rules are not read: Android 15 reads
    /// `relation_extensions` of the statement it verified, and an include carries none of its own here).
    public static func checked(
        _ file: AssetLinksFile, package: String, fingerprints: [String], source: String,
        resolve: AssetLinksFile.IncludeResolver? = nil
    ) -> Self {
        let verdict = file.verdict(package: package, fingerprints: fingerprints, resolve: resolve)
        if verdict.google.verified {
            let notes =
                verdict.aosp.verified
                ? []
                : [verdict.aosp.reason + " On Android 12+ without Play services the app opens no URL of this host."]
            return .verified(
                dynamicRules(file, package: package, fingerprints: fingerprints), source: source, notes: notes)
        }
        var reason = "does not verify it for Google Play services (the reference device). "
        reason += verdict.google.reason
        if verdict.aosp.verified {
            reason += " " + verdict.aosp.reason + " On Android 12+ without Play services the app opens the URL."
        } else if unnamed(verdict.aosp.reason, .aosp) != unnamed(verdict.google.reason, .google) {
            reason += " " + verdict.aosp.reason
        }
        return .unlisted(source: source, reason: reason)
    }

    /// A reason without the verifier's name, to tell whether the two verifiers give the same one.
    static func unnamed(_ reason: String, _ verifier: AndroidVerifier) -> String {
        reason.hasPrefix(verifier.name) ? String(reason.dropFirst(verifier.name.count)) : reason
    }

    /// The dynamic rules of the first statement of the file that grants `package` `handle_all_urls` with one of
    /// `fingerprints` (compared as the verifier that accepted it compares: the upper-case form).
    static func dynamicRules(_ file: AssetLinksFile, package: String, fingerprints: [String]) -> DynamicRules {
        let wanted = Set(fingerprints)
        let statement = file.statements.first { statement in
            let node = statement.node
            guard node["target"]?["package_name"]?.string == package,
                node["relation"]?.elements?.contains(where: { $0.string == AssetLinks.handleAllURLs }) == true
            else { return false }
            let listed = node["target"]?["sha256_cert_fingerprints"]?.elements?.compactMap(\.string) ?? []
            return listed.contains { wanted.contains($0.uppercased()) }
        }
        return statement?.relationExtensions.map(DynamicRules.read)
            ?? DynamicRules(rules: [], declared: false, diagnostics: [])
    }
}
