import Foundation

// Fuzz target: the binary property list reader behind entitlements files. Any bytes give a value or a ReadError,
// within the reader's budgets (objects decoded, bytes decoded, depth) and the time budget.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    fuzzWithinBudget("bplist", bytes) { bytes in
        // With the header added too, so mutations of the header's bytes do not hide the rest.
        for candidate in [bytes, Array("bplist00".utf8) + bytes] {
            if let value = try? BinaryPropertyList.read(candidate) {
                var budget = Budget()
                budget.walk(value, depth: 0)
            }
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
