import AASA
import ManifestXML

/// An AndroidManifest.xml given on the command line, read with libxml2 (no network, entities or DTDs).
enum AndroidManifestFile {
    /// The manifest and its package (`package` when given, else the manifest's own; one of them must name it).
    static func read(
        _ path: String, package: String?, command: String
    ) throws(UsageError) -> (manifest: AndroidManifest, package: String) {
        let bytes = try InputFile.read(path, command: command, limit: ManifestXML.maximumBytes)
        let root: ManifestNode
        do {
            root = try ManifestXML.parse(bytes, name: path)
        } catch {
            throw UsageError(error.reason, command: command)
        }
        let model = AndroidManifest(root: root, file: path, package: package)
        guard let name = model.package else {
            throw UsageError(
                "\(path) names no package: give --android-package NAME, or pass the merged manifest "
                    + "(build/intermediates/merged_manifests/<variant>/AndroidManifest.xml)",
                command: command)
        }
        return (model, name)
    }
}
