import AASA
import Foundation

/// Text a report pass renders for a domain now and writes later, in another order (worst first) or after a head
/// that needs every domain counted first: kept in an unlinked temporary file by key, so a run of 100,000 domains
/// holds an offset per fragment rather than the text. A fragment the file cannot take (no temporary folder, a
/// full disk) is kept in memory instead.
final class FragmentSpool {
    private let file: SpoolFile
    private var places: [Int: (offset: Int64, length: Int)] = [:]
    private var kept: [Int: String] = [:]

    /// `name` goes into the temporary file's name.
    init(name: String) { file = SpoolFile(name: name) }

    func store(_ text: String, for key: Int) {
        var text = text
        let length = text.utf8.count
        if let offset = text.withUTF8({ file.append(UnsafeRawBufferPointer($0)) }) {
            places[key] = (offset, length)
        } else {
            kept[key] = text
        }
    }

    func contains(_ key: Int) -> Bool { places[key] != nil || kept[key] != nil }

    /// The text stored for `key` ("" for none); a fragment that cannot be read back is an error naming it.
    func text(for key: Int) throws -> String {
        if let text = kept[key] { return text }
        guard let place = places[key] else { return "" }
        guard let bytes = file.read(at: place.offset, length: place.length) else {
            throw Unreadable()
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A fragment written to the temporary file could not be read back.
    struct Unreadable: Error, CustomStringConvertible {
        var description: String { "a report fragment kept in a temporary file could not be read back" }
    }
}
