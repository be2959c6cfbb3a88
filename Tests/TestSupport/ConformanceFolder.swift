import Foundation

/// The web's own test suites (WHATWG URL, Google's robots.txt, html5lib), read in place: the folder
/// `AASA_CONFORMANCE_DIR` names, else `../shared/conformance` beside the repository; nil when neither exists (a
/// clone without them runs `Scripts/conformance DIR` with a folder of its own instead).
public let conformanceFolder: URL? = {
    if let named = ProcessInfo.processInfo.environment["AASA_CONFORMANCE_DIR"] {
        return URL(fileURLWithPath: named)
    }
    let beside = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../../shared/conformance"
    ).standardizedFileURL
    return FileManager.default.fileExists(atPath: beside.appendingPathComponent("url/urltestdata.json").path)
        ? beside : nil
}()
