import Foundation

// Fuzz target: the binary property list reader behind entitlements files. Any bytes give a value or a ReadError,
// within the reader's budgets (objects decoded, bytes decoded, depth) and the time budget.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // With the header put in front too, so mutations of the header's bytes do not hide the rest. Each read has
    // the time budget on its own: the reader decodes each object once, but `Entitlements.read` reads the file again
    // and then walks every entry of what it read (up to the reader's 20,000 objects).
    let header = Array("bplist00".utf8)
    for candidate in bytes.starts(with: header) ? [bytes] : [bytes, header + bytes] {
        fuzzWithinBudget("bplist: BinaryPropertyList.read", candidate) { candidate in
            if let value = try? BinaryPropertyList.read(candidate) {
                var budget = Budget()
                budget.walk(value, depth: 0)
            }
        }
        fuzzWithinBudget("bplist: Entitlements.read", candidate) { candidate in
            _ = try? Entitlements.read(Data(candidate), file: "fuzz.entitlements")
        }
    }
    return 0
}

/// Counts what a decoded value holds against the reader's budgets.
struct Budget {
    var objects = 0
    var bytes = 0

    mutating func walk(_ value: Any, depth: Int) {
        objects += 1
        if objects > BinaryPropertyList.maximumDecodedObjects {
            fuzzFail("bplist", "more than \(BinaryPropertyList.maximumDecodedObjects) objects decoded")
        }
        if depth > BinaryPropertyList.maximumDepth + 1 { fuzzFail("bplist", "nested \(depth) deep") }
        switch value {
        case let array as [Any]:
            for element in array { walk(element, depth: depth + 1) }
        case let uid as [String: Int] where uid.count == 1 && uid["CF$UID"] != nil:
            _ = uid  // one object in the file (marker 0x8), returned as a one-key dictionary
        case let dictionary as [String: Any]:
            // Keys are objects too, but bridged to String they are not walked: count them here.
            objects += dictionary.count
            for (key, element) in dictionary {
                bytes += key.utf8.count
                walk(element, depth: depth + 1)
            }
        case let string as String:
            bytes += string.utf8.count
        case let data as Data:
            bytes += data.count
        default:
            break
        }
        // Strings decode from UTF-16 as well: up to 3 UTF-8 bytes per 2 decoded.
        if bytes > BinaryPropertyList.maximumDecodedBytes * 3 / 2 {
            fuzzFail("bplist", "\(bytes) bytes of strings and data decoded")
        }
    }
}
