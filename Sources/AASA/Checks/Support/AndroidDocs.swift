/// Where the Android checks' facts come from: Android's documentation, AOSP's verifier (StatementService) and Google's
/// Digital Asset Links.
public enum AndroidDocs {
    public static let verifyAppLinks = "https://developer.android.com/training/app-links/verify-applinks"
    public static let configureWebsite = "https://developer.android.com/training/app-links/configure-assetlinks"
    /// AOSP's open verifier's fetcher (Android 12+): no redirects followed, 1 MiB by Content-Length, 5 s timeouts.
    public static let statementServiceFetcher =
        "https://android.googlesource.com/platform/frameworks/base/+/refs/heads/main/packages/StatementService/src/com/android/statementservice/network/retriever/UrlFetcher.kt"
    public static let digitalAssetLinksAPI =
        "https://developers.google.com/digital-asset-links/reference/rest/v1/statements/list"
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
