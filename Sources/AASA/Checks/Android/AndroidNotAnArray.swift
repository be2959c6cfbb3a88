/// The top level must be an array of statements.
public enum AndroidNotAnArray: Check {
    public static let description = CheckDescription(
        id: "android-not-an-array", area: .android, severity: .error,
        summary: "assetlinks.json is an array of statements",
        rationale: """
            Both verifiers read a JSON array: AOSP's StatementParser starts with beginArray, and DAL fails a single \
            statement object or a string (compatibility tests 2009 and 2010). A file that is one statement without \
            the brackets verifies nothing.
            """,
        reference: AndroidDocs.dalCompatibilityTests)

    public static let examples = Examples<AssetLinksFile>.validPassing(
        .failing(AndroidExample.app(), at: [""]), .failing(#""foo""#, at: [""]))

    public static func run(_ file: AssetLinksFile, into findings: inout FindingSink) {
        guard let root = file.root, root.elements == nil else { return }
        findings.add(
            description, at: root.position, pointer: root.pointer,
            "The file's top level is \(root.typeName), not an array of statements.",
            why:
                "Both verifiers (AOSP and Google's DAL) read no statement from it, so no app is verified on this host.",
            fix: root.members != nil
                ? "Wrap the statement in brackets: [ {\"relation\": …, \"target\": …} ]."
                : "Serve a JSON array of statements: [ {\"relation\": …, \"target\": …} ].")
    }
}
