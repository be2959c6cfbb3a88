import AASA
import Foundation
import ManifestXML

/// `match --android-manifest FILE [--assetlinks FILE] [--android-package NAME]`: the Android app's side read once,
/// and each URL judged by `AndroidMatcher` beside (or instead of) the iOS verdicts.
enum MatchAndroid {
    static let manifest = OptionSpec(
        "--android-manifest", .path, placeholder: "XML",
        help: "judge each URL for this Android app too: its AndroidManifest.xml as text (source or merged)")
    static let assetlinks = OptionSpec(
        "--assetlinks", .path,
        help: "the host's assetlinks.json: its statement for the app and its Android 15 dynamic rules "
            + "(without it the host is assumed verified)")
    static let package = OptionSpec(
        "--android-package", .string, placeholder: "NAME",
        help: "the app's package name, when the manifest names none (a merged manifest does)")
    static let options = [manifest, assetlinks, package]
    static let constraints: [Constraint] = [
        .requires(assetlinks.name, manifest.name), .requires(package.name, manifest.name),
    ]

    /// The most of an assetlinks.json read: Android's verifier stops at 1 MiB.
    static let assetlinksLimit = 1 << 20

    struct Inputs {
        var manifest: AndroidManifest
        var hostFile: AndroidMatcher.HostFile
    }

    static func plan(from options: ParsedOptions, command: String) throws(UsageError) -> Inputs? {
        guard let path = options.string(manifest) else { return nil }
        let bytes = try InputFile.read(path, command: command, limit: ManifestXML.maximumBytes)
        let root: ManifestNode
        do {
            root = try ManifestXML.parse(bytes, name: path)
        } catch {
            throw UsageError(error.reason, command: command)
        }
        let model = AndroidManifest(root: root, file: path, package: options.string(package))
        guard let name = model.package else {
            throw UsageError(
                "\(path) names no package: give --android-package NAME, or pass the merged manifest "
                    + "(build/intermediates/merged_manifests/<variant>/AndroidManifest.xml)",
                command: command)
        }
        guard let links = options.string(assetlinks) else { return Inputs(manifest: model, hostFile: .assumedVerified) }
        let list: JSONNode
        do {
            list = try JSONParser.parse(try InputFile.read(links, command: command, limit: assetlinksLimit))
        } catch let error as JSONSyntaxError {
            throw UsageError(
                "\(links) is not JSON (line \(error.position.line), column \(error.position.column)): "
                    + error.message, command: command)
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError("cannot read \(links)", command: command)
        }
        return Inputs(manifest: model, hostFile: hostFile(list, package: name, source: links))
    }

    /// The app's `handle_all_urls` statement in the file, and its dynamic rules.
    static func hostFile(_ list: JSONNode, package: String, source: String) -> AndroidMatcher.HostFile {
        guard let statements = list.elements else {
            return .unlisted(source: source, reason: "is \(list.typeName), not a list of statements")
        }
        for statement in statements {
            guard statement["target"]?["package_name"]?.string == package,
                statement["relation"]?.elements?.contains(where: { $0.string == DynamicRules.relationKey }) == true
            else { continue }
            let rules =
                statement["relation_extensions"].map(DynamicRules.read)
                ?? DynamicRules(rules: [], declared: false, diagnostics: [])
            return .assumedVerifiedWithRules(rules, source: source)
        }
        return .unlisted(
            source: source, reason: "has no \(DynamicRules.relationKey) statement for \(package)")
    }

    /// One URL as `match` was given it, judged on its canonical form when it is an http(s) URL.
    static func verdict(_ requested: MatchCommand.Requested, _ inputs: Inputs) -> AndroidMatcher.Verdict {
        guard case .success(let url) = WebURL.parse(requested.url) else {
            return AndroidMatcher.unmatchable(
                requested.url, package: inputs.manifest.package,
                reason: "Not an http(s) URL with a host: Android matches the scheme and host first.")
        }
        return AndroidMatcher.match(url, manifest: inputs.manifest, hostFile: inputs.hostFile)
    }

    /// The manifest's problems (placeholders, malformed patterns) and each web filter Android 12+ does not verify,
    /// with why, for stderr before the verdicts.
    static func warnings(_ inputs: Inputs, command: String) -> [String] {
        let file = Terminal.safe(inputs.manifest.file)
        let problems = inputs.manifest.problems.map { problem in
            "aasa-audit \(command): \(file):\(problem.line): \(Terminal.safe(problem.message)) \(problem.fix)"
        }
        let unverified = inputs.manifest.filters.filter { $0.handlesWebURLs && !$0.appLinkProblems.isEmpty }.map {
            filter in
            "aasa-audit \(command): \(file):\(filter.line): Android 12+ does not verify this filter's hosts "
                + "(\(Terminal.safe(filter.hosts.joined(separator: ", ")))): "
                + Terminal.safe(filter.appLinkProblems.joined(separator: "; ")) + "."
        }
        return problems + unverified
    }

    /// The text lines of one URL's Android verdict.
    static func render(_ verdict: AndroidMatcher.Verdict, terminal: Terminal) -> [String] {
        let label =
            verdict.opens
            ? terminal.paint("opens the app", "1;32") : terminal.paint("does not open the app", "2")
        var lines = ["  \(Terminal.safe(verdict.package ?? "Android app")) (Android): \(label)"]
        lines += verdict.steps.map { "    \(Terminal.safe($0))" }
        lines += verdict.notes.map { "    note: \(Terminal.safe($0))" }
        return lines
    }

    /// `match --json`'s entry for one URL: the iOS verdicts' fields when a file was matched, and `android`.
    struct Entry: Encodable {
        var url: String
        var ios: URLVerdicts?
        var android: AndroidMatcher.Verdict?

        enum Keys: String, CodingKey { case url, android }

        func encode(to encoder: any Encoder) throws {
            if let ios {
                try ios.encode(to: encoder)
            } else {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(url, forKey: .url)
            }
            if let android {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(android, forKey: .android)
            }
        }
    }
}
