/// Every check, hand-kept in the order `rules` prints and docs/checks.md lists them.
public enum Catalogue {
    /// Checks that run on a decoded file (document, apps and rules areas).
    public static let documentChecks: [any Check<DecodedFile>.Type] = [
        JSONSyntax.self, JSONBOM.self, JSONDuplicateKey.self, JSONEncoding.self, NotAnObject.self,
        JSONNumberOutOfRange.self,
        SignedLegacy.self, UnknownKey.self, WrongType.self, NoServices.self, AppsNotEmpty.self,
        DetailsDictionary.self,
        AppIDFormat.self, AppIDPlaceholder.self, AppIDDuplicate.self, AppIDIgnored.self, EmptyAppIDs.self,
        PathsIgnored.self, PathsLegacy.self, NoRules.self, RuleMatchesEverything.self, PatternType.self,
        QueryDictionaryDiscarded.self,
        UnknownVariable.self, VariableDefinition.self, UnreachableRule.self, FragmentInPath.self, QueryInPath.self,
        RuleCapturesSensitive.self,
    ]

    /// Checks that run on what was fetched for a domain, Apple's CDN copy included.
    public static let transportChecks: [any Check<DomainProbe>.Type] = [
        FetchDNS.self, FetchConnect.self, FetchTimeout.self, TLSUntrusted.self, TLSHostname.self, TLSExpired.self,
        TLSExpiring.self, TLSProtocol.self, HTTPStatus.self, NotFound.self, Redirect.self, ContentType.self,
        TooLarge.self, SizeNearLimit.self, RootOnly.self, LocationsDiffer.self, UserAgentBlocked.self,
        CDNMismatch.self, CDNFailure.self,
        CDNUnreadable.self,
    ]

    /// Checks over an app's entitlements, and over each domain as the entitlements name it.
    public static let entitlementChecks: [any Check<Entitlements>.Type] = [EntitlementEntryFormat.self]
    public static let associationChecks: [any Check<Association>.Type] = [EntitlementAppMissing.self]

    /// Checks over what a crawl found.
    public static let crawlChecks: [any Check<CrawlEvidence>.Type] = [
        BannerArgument.self, BannerMalformed.self, RuleUnused.self, CrawlPageError.self,
    ]

    /// Checks over one link and its redirect chain (`links`).
    public static let linkChecks: [any Check<LinkEvidence>.Type] = [
        LinkDynamicLinks.self, LinkBroken.self, LinkSafariFirst.self, LinkCaptured.self,
    ]
    /// Checks over a custom-scheme link a crawl (or `links`) found.
    public static let customSchemeChecks: [any Check<CustomSchemeEvidence>.Type] = [LinkCustomScheme.self]

    /// Checks over what was fetched for a domain's Android App Links audit (`audit --android`).
    public static let androidChecks: [any Check<AndroidProbe>.Type] = [
        AndroidFetchFailed.self, AndroidNotFound.self, AndroidHTTPStatus.self, AndroidRedirect.self,
        AndroidContentType.self, AndroidTooLarge.self, AndroidSlow.self, AndroidRobotsDisallowed.self,
        AndroidGoogleFailure.self, AndroidGoogleMismatch.self, AndroidAppNotVerified.self,
    ]

    /// Checks over an assetlinks.json file (Android App Links), as AOSP's and Google's verifiers read it.
    public static let androidFileChecks: [any Check<AssetLinksFile>.Type] = [
        AndroidJSONEncoding.self, AndroidJSONBOM.self, AndroidJSONSyntax.self, AndroidNotAnArray.self,
        AndroidEmptyList.self, AndroidHostFailure.self, AndroidStatementSkipped.self, AndroidRelationFormat.self,
        AndroidNoHandleAllURLs.self, AndroidPackageName.self, AndroidFingerprintFormat.self, AndroidInclude.self,
    ]

    /// Checks over one assetlinks.json statement's `relation_extensions` (Android 15's dynamic rules).
    public static let dynamicRuleChecks: [any Check<RelationExtensions>.Type] = [
        AndroidDynamicUnknownKey.self, AndroidDynamicMalformed.self, AndroidDynamicUnreachable.self,
    ]

    /// Checks over the app's AndroidManifest.xml (`audit --android-manifest`): values the device never sees as
    /// written, patterns Android refuses, web filters Android 12+ does not verify.
    public static let androidManifestChecks: [any Check<AndroidManifest>.Type] = [
        AndroidManifestUnresolved.self, AndroidManifestPattern.self, AndroidFilterNotVerified.self,
    ]

    /// Checks about the tool's own caps. They are not run with the others: `FindingSink` raises their findings
    /// as it collects.
    public static let limitChecks: [any Check<DecodedFile>.Type] = [FindingsTruncated.self]

    public static var descriptions: [CheckDescription] {
        transportChecks.map { $0.description } + documentChecks.map { $0.description }
            + entitlementChecks.map { $0.description } + associationChecks.map { $0.description }
            + crawlChecks.map { $0.description } + customSchemeChecks.map { $0.description }
            + limitChecks.map { $0.description } + linkChecks.map { $0.description }
            + androidChecks.map { $0.description }
            + androidFileChecks.map { $0.description }
            + dynamicRuleChecks.map { $0.description }
            + androidManifestChecks.map { $0.description }
    }

    /// Runs every manifest check on the app's AndroidManifest.xml; findings name the file and the element's line.
    public static func check(_ manifest: AndroidManifest) -> [Finding] {
        var sink = FindingSink(url: manifest.file, scope: .androidManifest)
        for check in androidManifestChecks { check.run(manifest, into: &sink) }
        return sink.findings.sortedForReading()
    }

    /// The dynamic-rule checks of one statement; `url` is the assetlinks.json the statement came from.
    public static func check(_ extensions: RelationExtensions, url: String? = nil) -> [Finding] {
        var sink = FindingSink(url: url)
        for check in dynamicRuleChecks { check.run(extensions, into: &sink) }
        return sink.findings
    }

    /// Runs every assetlinks.json check on one file, and the dynamic-rule checks on each statement's rules.
    public static func check(_ file: AssetLinksFile, url: String? = nil) -> [Finding] {
        var sink = FindingSink(url: url)
        for check in androidFileChecks { check.run(file, into: &sink) }
        var findings = sink.findings
        for statement in file.statements {
            guard let node = statement.relationExtensions else { continue }
            findings += check(RelationExtensions(node), url: url)
        }
        return findings.sortedForReading()
    }

    public static func check(_ evidence: LinkEvidence) -> [Finding] {
        var sink = FindingSink(url: evidence.url)
        for check in linkChecks { check.run(evidence, into: &sink) }
        return sink.findings
    }

    public static func check(_ evidence: CrawlEvidence) -> [Finding] {
        var sink = FindingSink(scope: .crawl)
        for check in crawlChecks { check.run(evidence, into: &sink) }
        return sink.findings
    }

    public static func check(_ evidence: CustomSchemeEvidence) -> [Finding] {
        check([evidence])
    }

    /// The custom-scheme links of one page set (a site's crawl, a `links` run) share one sink, so their findings
    /// are capped together.
    public static func check(_ evidence: [CustomSchemeEvidence]) -> [Finding] {
        var sink = FindingSink(scope: .crawl)
        for item in evidence { for check in customSchemeChecks { check.run(item, into: &sink) } }
        return sink.findings
    }

    public static func check(_ entitlements: Entitlements) -> [Finding] {
        var sink = FindingSink(url: entitlements.file, scope: .entitlements)
        for check in entitlementChecks { check.run(entitlements, into: &sink) }
        return sink.findings
    }

    public static func check(_ association: Association, file: String? = nil) -> [Finding] {
        var sink = FindingSink(url: file)
        for check in associationChecks { check.run(association, into: &sink) }
        return sink.findings
    }

    /// Runs every transport check, then the document checks on the file that was served, as the probe decoded it;
    /// the long ones end early once `stop` is set.
    public static func check(_ probe: DomainProbe, stop: StopSignal = .never) -> [Finding] {
        var sink = FindingSink(scope: .fetches, stop: stop)
        for check in transportChecks { check.run(probe, into: &sink) }
        var findings = sink.findings
        if let source = probe.documentSource, let file = probe.file {
            findings += check(file, url: source.url, stop: stop)
        }
        return findings.sortedForReading()
    }

    /// Runs every Android transport check on what `audit --android` fetched for a domain.
    public static func check(_ probe: AndroidProbe) -> [Finding] {
        var sink = FindingSink(scope: .fetches)
        for check in androidChecks { check.run(probe, into: &sink) }
        return sink.findings.sortedForReading()
    }

    /// A local file (`check FILE`, `match --file`) of `size` bytes: Apple's size limit, then every document check.
    /// Read it with `DecodedFile(bytes:limit:)` and `DecodedFile.localDecodeLimit`, so a huge file is not decoded.
    public static func check(localFile file: DecodedFile, size: Int, url: String? = nil) -> [Finding] {
        var sink = FindingSink(url: url)
        TooLarge.run(localFile: file, size: size, into: &sink)
        return (sink.findings + check(file, url: url)).sortedForReading()
    }

    /// The two-way checks that need no network, on a local file taken as the one every entitled domain serves: the
    /// entitlements' entries, then each app against every service they name (applinks without entitlements).
    public static func check(
        localFile file: DecodedFile, name: String, appIDs: [String], entitlements: Entitlements?
    ) -> [Finding] {
        var findings = entitlements.map { check($0) } ?? []
        guard let document = file.document else { return findings }
        var sink = FindingSink(url: entitlements?.file)
        for appID in appIDs {
            EntitlementAppMissing.run(
                appID: appID, entries: entitlements?.entries, document: document, file: name, location: name,
                entitlementsFile: entitlements?.file, into: &sink)
        }
        findings += sink.findings
        return findings
    }

    /// Runs every document check on one file; the long ones end early once `stop` is set.
    public static func check(_ file: DecodedFile, url: String? = nil, stop: StopSignal = .never) -> [Finding] {
        var sink = FindingSink(url: url, stop: stop)
        for check in documentChecks { check.run(file, into: &sink) }
        return sink.findings.sortedForReading()
    }
}
