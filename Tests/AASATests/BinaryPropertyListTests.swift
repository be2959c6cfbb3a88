import AASA
import Foundation
import TestSupport
import Testing

/// Builds `bplist00` bytes from encoded objects (1-byte references and 2-byte offsets), so tests can write
/// files Foundation's writer never would: shared references, cycles, references and offsets out of range.
struct BPlistBuilder {
    var objects: [[UInt8]] = []

    mutating func add(_ bytes: [UInt8]) -> UInt8 {
        objects.append(bytes)
        return UInt8(objects.count - 1)
    }

    mutating func ascii(_ text: String) -> UInt8 {
        let utf8 = Array(text.utf8)
        precondition(utf8.count < 15)
        return add([0x50 | UInt8(utf8.count)] + utf8)
    }

    mutating func array(_ references: [UInt8]) -> UInt8 { add([0xA0 | UInt8(references.count)] + references) }

    mutating func dictionary(_ keys: [UInt8], _ values: [UInt8]) -> UInt8 {
        add([0xD0 | UInt8(keys.count)] + keys + values)
    }

    /// The file, with `count` and `offsets` overridable to make broken trailers and tables.
    func bytes(top: UInt8, count: UInt64? = nil, offsetFor: (Int, Int) -> Int = { $1 }) -> [UInt8] {
        var out = Array("bplist00".utf8)
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(offsetFor(index, out.count))
            out += object
        }
        let table = out.count
        for offset in offsets { out += [UInt8(offset >> 8 & 0xFF), UInt8(offset & 0xFF)] }
        func be(_ value: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8(value >> (8 * UInt64($0)) & 0xFF) } }
        out += [0, 0, 0, 0, 0, 0, 2, 1] + be(count ?? UInt64(objects.count)) + be(UInt64(top)) + be(UInt64(table))
        return out
    }
}

@Suite struct BinaryPropertyListTests {
    /// A dictionary whose associated-domains value is a chain of `depth` arrays, each holding the next one twice:
    /// a few hundred bytes that expand to 2^depth strings when shared references are followed naively.
    static func dagEntitlements(depth: Int) -> [UInt8] {
        var b = BPlistBuilder()
        let key = b.add([0x5F, 0x10, UInt8(Entitlements.key.utf8.count)] + Array(Entitlements.key.utf8))
        var next = b.ascii("applinks:a.bc")
        for _ in 0..<depth { next = b.array([next, next]) }
        let top = b.dictionary([key], [next])
        return b.bytes(top: top)
    }

    @Test func sharedReferencesCannotExpandPastTheBudget() throws {
        let bytes = Self.dagEntitlements(depth: 40)
        #expect(bytes.count < 400)
        do {
            _ = try Entitlements.read(Data(bytes), file: "dag.entitlements")
            Issue.record("a DAG expanding to 2^40 objects was read")
        } catch {
            #expect(error.description.hasPrefix("dag.entitlements is not a readable binary property list: "))
            #expect(error.description.contains("more than 20000 objects"), "\(error.description)")
        }
    }

    /// The budget is 20,000 objects (a real file has tens): a DAG decoding to 32,769 is refused (it was read
    /// under the former 100,000), one decoding to 16,385 is still read whole.
    @Test func theObjectBudgetIsTwentyThousand() throws {
        #expect(BinaryPropertyList.maximumDecodedObjects == 20_000)
        // The dictionary, its key and a chain of `depth` arrays: 2 + 2^(depth + 1) - 1 objects decoded.
        let refused = #expect(throws: Entitlements.ReadError.self) {
            _ = try Entitlements.read(Data(Self.dagEntitlements(depth: 14)), file: "e")
        }
        #expect(refused?.description.contains("more than 20000 objects (shared references)") == true)
        let read = try #require(
            try BinaryPropertyList.read(Self.dagEntitlements(depth: 13)) as? [String: Any])
        func leaves(_ value: Any) -> [String] {
            (value as? [Any]).map { $0.flatMap(leaves) } ?? [value as? String ?? "?"]
        }
        let strings = leaves(try #require(read[Entitlements.key]))
        #expect(strings.count == 1 << 13 && strings.allSatisfy { $0 == "applinks:a.bc" })
    }

    /// Reading takes time in proportion to the file, not to what its shared references expand to: 15 objects
    /// expanding to 16,385 read faster than 211 distinct ones (decoding every reach, they took 16,385 decodes).
    @Test(.enabled(if: Timing.meaningful, "time is measured in release builds only"))
    func aDAGCostsItsObjectsNotItsExpansion() throws {
        let dag = Self.dagEntitlements(depth: 13)
        var b = BPlistBuilder()
        let lists = (0..<14).map { list in b.array((0..<14).map { b.ascii("a\(list)-\($0).bc") }) }
        let top = b.array(lists)
        let flat = b.bytes(top: top)
        let tDAG = try Timing.bestOfThree { for _ in 0..<50 { _ = try BinaryPropertyList.read(dag) } }
        let tFlat = try Timing.bestOfThree { for _ in 0..<50 { _ = try BinaryPropertyList.read(flat) } }
        #expect(tDAG < tFlat, "DAG: \(tDAG) s, flat: \(tFlat) s")
    }

    /// A subtree decoded once and reached again deeper down still counts its own levels: a chain of `height` arrays
    /// over a string, reached from the top and again at the end of a chain of `path` arrays (two-byte references).
    static func sharedChain(height: Int, path: Int) -> [UInt8] {
        var objects: [[UInt8]] = [[0x51, UInt8(ascii: "x")]]
        func ref(_ index: Int) -> [UInt8] { [UInt8(index >> 8), UInt8(index & 0xFF)] }
        for _ in 0..<height { objects.append([0xA1] + ref(objects.count - 1)) }
        let shared = objects.count - 1
        objects.append([0xA1] + ref(shared))
        for _ in 1..<path { objects.append([0xA1] + ref(objects.count - 1)) }
        objects.append([0xA2] + ref(shared) + ref(objects.count - 1))
        var out = Array("bplist00".utf8)
        var offsets: [UInt8] = []
        for object in objects {
            offsets += ref(out.count)
            out += object
        }
        let table = out.count
        func be(_ value: Int) -> [UInt8] { (0..<8).reversed().map { UInt8(value >> (8 * $0) & 0xFF) } }
        return out + offsets + [0, 0, 0, 0, 0, 0, 2, 2] + be(objects.count) + be(objects.count - 1) + be(table)
    }

    @Test func aSharedSubtreeReachedDeeperStillCountsItsLevels() throws {
        // The string lies 1 + 200 levels down the first way, path + 1 + 200 the second.
        let read = try #require(try BinaryPropertyList.read(Self.sharedChain(height: 200, path: 55)) as? [Any])
        #expect(read.count == 2)
        do {
            _ = try BinaryPropertyList.read(Self.sharedChain(height: 200, path: 56))
            Issue.record("a string 257 levels down was read")
        } catch {
            #expect(error.description == "it nests deeper than 256 levels")
        }
    }

    /// Fewer objects than the budget, but one 2,000-byte string reached 2^14 times: the byte budget stops it.
    @Test func sharedStringsCannotExpandPastTheByteBudget() throws {
        var b = BPlistBuilder()
        var next = b.add([0x5F, 0x11, 0x07, 0xD0] + [UInt8](repeating: 0x61, count: 2000))
        for _ in 0..<14 { next = b.array([next, next]) }
        do {
            _ = try BinaryPropertyList.read(b.bytes(top: next))
            Issue.record("32 MB of strings were decoded from a 2 KB file")
        } catch {
            #expect(error.description.contains("more than 16 MiB"), "\(error.description)")
        }
    }

    @Test func aSmallDAGWithinTheBudgetIsStillRead() throws {
        var b = BPlistBuilder()
        let key = b.add([0x5F, 0x10, UInt8(Entitlements.key.utf8.count)] + Array(Entitlements.key.utf8))
        let entry = b.ascii("applinks:a.bc")
        let list = b.array([entry, entry, entry])
        let top = b.dictionary([key], [list])
        let read = try Entitlements.read(Data(b.bytes(top: top)), file: "e")
        #expect(read.entries.map(\.raw) == ["applinks:a.bc", "applinks:a.bc", "applinks:a.bc"])
    }

    /// Each file breaks one rule of the format; each is refused with a reason, never read out of bounds.
    @Test func everyRuleOfTheFormatIsEnforced() throws {
        var cases: [(String, [UInt8], String)] = []
        var b = BPlistBuilder()
        let leaf = b.ascii("x")
        _ = b.array([leaf, 9])
        cases.append(("reference out of range", b.bytes(top: 1), "past the 2 objects"))
        cases.append(("top object out of range", b.bytes(top: 5), "out of range"))
        cases.append(("object count beyond the file", b.bytes(top: 0, count: 1 << 40), "out of range"))
        cases.append(("offset outside the data", b.bytes(top: 0, offsetFor: { $0 == 1 ? 4000 : $1 }), "offset"))
        cases.append(("offset into the header", b.bytes(top: 0, offsetFor: { $0 == 0 ? 3 : $1 }), "offset"))
        var cycle = BPlistBuilder()
        _ = cycle.array([1])
        _ = cycle.array([0])
        cases.append(("cycle", cycle.bytes(top: 0), "cycle"))
        var long = BPlistBuilder()
        _ = long.add([0x5F, 0x12, 0x7F, 0xFF, 0xFF, 0xFF, 0x41])
        cases.append(("string longer than the file", long.bytes(top: 0), "exceeds the file"))
        var wide = BPlistBuilder()
        _ = wide.add([0xAF, 0x12, 0x00, 0x00, 0x10, 0x00])
        cases.append(("array longer than the file", wide.bytes(top: 0), "exceeds the file"))
        cases.append(("truncated", Array(b.bytes(top: 0).dropLast(40)), "too short"))
        cases.append(("other version", Array("bplist15".utf8) + [UInt8](repeating: 0, count: 40), "version 00"))
        for (name, bytes, reason) in cases {
            do {
                let value = try BinaryPropertyList.read(bytes)
                Issue.record("\(name): read as \(value)")
            } catch {
                #expect(error.description.contains(reason), "\(name): \(error.description)")
            }
        }
    }

    /// A file Foundation writes (every object type entitlements use) reads as Foundation reads it.
    @Test func foundationsOwnFilesReadTheSame() throws {
        let plist: [String: Any] = [
            Entitlements.key: [
                "applinks:good.aasa.test", "webcredentials:ünïcödé.test", "applinks:*.x.test?mode=developer",
            ],
            "application-identifier": "9JA89QQLNQ.com.acme.shop",
            "com.apple.security.app-sandbox": true,
            "count": 42, "big": 1 << 40, "negative": -7, "ratio": 0.5,
            "blob": Data([1, 2, 3]), "nested": ["a": [1, 2, ["b": "c"]]],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let ours = try #require(try BinaryPropertyList.read(Array(data)) as? NSDictionary)
        let theirs = try #require(
            try PropertyListSerialization.propertyList(from: data, options: [], format: nil) as? NSDictionary)
        #expect(ours == theirs)
        let read = try Entitlements.read(data, file: "app.entitlements")
        #expect(read.appID == "9JA89QQLNQ.com.acme.shop")
        #expect(read.entries.map(\.raw) == plist[Entitlements.key] as? [String])
    }
}

/// How long the budget takes to stop a DAG, in the wall-clock pass (Scripts/lib.sh `run_tests`).
@Suite struct BinaryPropertyListWallClockTests {
    @Test func theBudgetStopsAnExpandingDAGWithinSeconds() {
        let bytes = BinaryPropertyListTests.dagEntitlements(depth: 40)
        let elapsed = ContinuousClock().measure { _ = try? Entitlements.read(Data(bytes), file: "dag.entitlements") }
        // Generous: the budget stops it after 20,000 objects, milliseconds even in a debug build.
        #expect(elapsed < .seconds(20))
    }
}
