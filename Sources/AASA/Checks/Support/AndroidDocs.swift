/// Where the Android checks' facts come from: Android's documentation and AOSP's verifier, StatementService.
public enum AndroidDocs {
    public static let verifyAppLinks = "https://developer.android.com/training/app-links/verify-android-applinks"
    public static let configureWebsite =
        "https://developer.android.com/training/app-links/configure-assetlinks"
    /// AOSP's open verifier's fetcher (Android 12+): no redirects followed, 1 MiB by Content-Length, 5 s timeouts.
    public static let statementServiceFetcher =
        "https://android.googlesource.com/platform/frameworks/base/+/refs/heads/main/packages/StatementService/src/com/android/statementservice/network/retriever/UrlFetcher.kt"
    public static let digitalAssetLinksAPI =
        "https://developers.google.com/digital-asset-links/reference/rest/v1/statements/list"
}
