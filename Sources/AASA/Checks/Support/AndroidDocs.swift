/// The Android and Digital Asset Links sources the `android-` checks cite.
public enum AndroidDocs {
    public static let verifyAppLinks = "https://developer.android.com/training/app-links/verify-applinks"
    public static let configureWebsite = "https://developer.android.com/training/app-links/configure-assetlinks"
    public static let dalDetails =
        "https://github.com/google/digitalassetlinks/blob/master/well-known/details.md"
    /// AOSP's StatementService parser (aosp-mirror/platform_frameworks_base, the version at
    /// 05f31ae6d9faad1581ff6f457e6faa84529d003a).
    public static let aospStatementParser =
        "https://github.com/aosp-mirror/platform_frameworks_base/blob/05f31ae6d9faad1581ff6f457e6faa84529d003a/"
        + "packages/StatementService/src/com/android/statementservice/network/retriever/StatementParser.kt"
    public static let dalCompatibilityTests =
        "https://github.com/google/digitalassetlinks/tree/d893749ee3c84b31f72b552a7ed333789c3235d3/compatibility-tests/v1"
}
