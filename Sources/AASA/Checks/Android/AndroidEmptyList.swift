/// The statement list must not be empty.
public enum AndroidEmptyList: Check {
    public static let description = CheckDescription(
        id: "android-empty-list", area: .android, severity: .error,
        summary: "assetlinks.json lists at least one statement",
        rationale: """
            An empty list verifies no app: AOSP reports FAILURE_REJECTED_BY_SERVER, and DAL answers "No statements \
            were found" (compatibility test 2002).
            """,
        reference: AndroidDocs.dalCompatibilityTests)

    public static let examples = Examples<AssetLinksFile>.validPassing(
        .failing("[]", at: [""]), .failing(" [ ]", at: [""]))

    public static func run(_ file: AssetLinksFile, into findings: inout FindingSink) {
        guard let root = file.root, let items = root.elements, items.isEmpty else { return }
        findings.add(
            description, at: root.position, pointer: root.pointer, "The statement list is empty.",
            why: "Neither verifier (AOSP nor Google's DAL) finds a statement, so no app is verified on this host.",
            fix: "List a statement per app: {\"relation\": [\"\(AssetLinks.handleAllURLs)\"], \"target\": "
                + "{\"namespace\": \"android_app\", \"package_name\": …, \"sha256_cert_fingerprints\": [ … ]}}.")
    }
}
