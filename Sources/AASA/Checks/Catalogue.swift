/// Every check, hand-kept in the order `rules` prints and the README lists them.
public enum Catalogue {
    /// Checks that run on a decoded file (document, apps and rules areas).
    public static let documentChecks: [any DocumentCheck.Type] = [
        JSONSyntax.self, JSONByteOrderMark.self, JSONDuplicateKey.self, JSONEncoding.self, NotAnObject.self,
        SignedLegacy.self, UnknownKey.self, WrongType.self, NoServices.self, AppsNotEmpty.self,
        DetailsDictionary.self,
        AppIDFormat.self, AppIDPlaceholder.self, AppIDDuplicate.self, AppIDIgnored.self, EmptyAppIDs.self,
        PathsIgnored.self, PathsLegacy.self, NoRules.self, PatternType.self, QueryDictionaryDiscarded.self,
        UnknownVariable.self, VariableDefinition.self, UnreachableRule.self, FragmentInPath.self, QueryInPath.self,
    ]

    public static var descriptions: [CheckDescription] { documentChecks.map { $0.description } }

    /// Runs every document check on one file.
    public static func check(_ file: DecodedFile, url: String? = nil) -> [Finding] {
        var sink = FindingSink(url: url)
        for check in documentChecks { check.run(file, into: &sink) }
        return sink.findings.sortedForReading()
    }
}
