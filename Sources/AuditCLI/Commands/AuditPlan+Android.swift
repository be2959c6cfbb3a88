import AASA
import Audit
import Crawling
import Fetching

/// `audit`'s Android options: `--android`, `--android-manifest` (which implies it), the app's package and
/// certificates, and Google's API.
extension AuditCommand {
    static let androidManifest = OptionSpec(
        "--android-manifest", .path, placeholder: "XML",
        help: "the Android app's AndroidManifest.xml (source or merged): its App Link hosts are audited for Android "
            + "(alone when nothing else names them; add --android for every other host too), each says whether it "
            + "verifies the app, and with --crawl every URL is judged for the app")

    /// The options that need the Android audit (`--android` or `--android-manifest`).
    static let needAndroid = [dalBase, noDAL, AndroidOptions.package, AndroidOptions.fingerprint]

    /// `--android` (or `--android-manifest`) with Google's API (`--dal-base`, or none with `--no-dal`), robots.txt
    /// read as Googlebot, and the app when the manifest or `--android-package` names it.
    static func planAndroid(_ options: ParsedOptions) throws(UsageError) -> AndroidAudit? {
        guard options.flag(android) || options.has(androidManifest) else {
            if let given = needAndroid.first(where: { options.has($0) }) {
                throw UsageError(
                    "\(given.name) requires --android or --android-manifest XML", command: spec.name)
            }
            return nil
        }
        let base = options.string(dalBase)
        if let base, URLAuthority.httpHost(of: base)?.isEmpty != false {
            throw UsageError("--dal-base takes an http(s) URL, not \(Terminal.safe(base))", command: spec.name)
        }
        var audit = AndroidAudit(
            googleBase: options.flag(noDAL) ? nil : (base ?? AndroidProbe.googleAPI),
            robotsDisallows: { body, path in !Robots(parsing: body, productToken: "Googlebot").allows(path) })
        audit.manifest = try planAndroidManifest(options)
        let package = options.string(AndroidOptions.package) ?? audit.manifest?.package
        let fingerprints = try AndroidOptions.fingerprints(from: options, command: spec.name)
        if let package {
            try AndroidOptions.validate(package: package, command: spec.name)
            audit.app = AndroidApp(package: package, fingerprints: fingerprints)
        } else if !fingerprints.isEmpty {
            throw UsageError(
                "--android-fingerprint requires --android-package NAME (or a manifest that names its package)",
                command: spec.name)
        }
        return audit
    }

    /// The manifest's own findings (unresolved values, malformed patterns, web filters Android 12+ does not verify):
    /// the report's `androidManifest` entry, counted like the entitlements file's.
    static func androidManifestFindings(_ manifest: AndroidManifest?) -> [Finding] {
        manifest.map(Catalogue.check) ?? []
    }

    /// The manifest's App Link hosts as audited: each a domain the parser takes (a `${…}` host is not one: its
    /// finding says so), in the form the domain entries name it.
    static func androidManifestHosts(_ manifest: AndroidManifest) -> [String] {
        manifest.verifiedHosts.compactMap {
            guard case .success(let target) = DomainParser.parse($0) else { return nil }
            return target.domain
        }
    }

    /// The manifest `--android-manifest` names, read and modelled; nil without the option.
    static func planAndroidManifest(_ options: ParsedOptions) throws(UsageError) -> AndroidManifest? {
        guard let path = options.string(androidManifest) else { return nil }
        return try AndroidManifestFile.read(path, package: options.string(AndroidOptions.package), command: spec.name)
            .manifest
    }
}
