import AASA
import Foundation

/// `--entitlements FILE` (`audit`, `links`): an `.entitlements` property list or a text list of entries. A file
/// that cannot be read as entitlements is a usage error naming it.
enum EntitlementsFile {
    /// The most read: a real `.entitlements` file is a few KB, and 8 MiB is what `--info-plist` reads too.
    static let limit = 8 << 20

    static func read(_ path: String, command: String) throws(UsageError) -> Entitlements {
        let bytes = try InputFile.read(path, command: command, limit: limit)
        do throws(Entitlements.ReadError) {
            return try Entitlements.read(Data(bytes), file: path)
        } catch {
            throw UsageError(error.description, command: command)
        }
    }
}
