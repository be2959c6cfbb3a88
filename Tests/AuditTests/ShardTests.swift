import AASA
import Foundation
import Testing

@testable import Audit

/// `--shard I/N`: a domain's shard is the first 8 bytes of the SHA-256 of its lower-cased punycode name, read
/// big-endian, modulo N; the expected values below were made with `printf '%s' NAME | sha256sum`, not by this code.
@Suite struct ShardTests {
    /// (name, the first 16 hex digits of its SHA-256).
    static let vectors: [(String, String)] = [
        ("shop.aasa.test", "06e6563f270f08f3"), ("good.aasa.test", "103adc27f480348d"),
        ("expired.aasa.test", "322752cf1061e190"), ("rootonly.aasa.test", "cd7167d65e95cbf6"),
        ("example.com", "a379a6f6eeafb9a5"), ("xn--bcher-kva.example", "970ca6b73eaf2630"),
    ]

    @Test(arguments: [1, 2, 3, 4, 7, 1_000, 10_000])
    func aDomainsShardIsItsDigestsFirstEightBytesModuloN(_ count: Int) {
        for (name, prefix) in Self.vectors {
            let expected = Int(UInt64(prefix, radix: 16)! % UInt64(count))
            #expect(Shard.bucket(of: name, count: count) == expected, "\(name) of \(count)")
            #expect(Shard(index: expected + 1, count: count).contains(name))
            #expect(count == 1 || !Shard(index: (expected + 1) % count + 1, count: count).contains(name))
        }
    }

    @Test func theNameIsLowerCasedFirst() {
        #expect(Shard.bucket(of: "SHOP.aasa.TEST", count: 1_000) == Shard.bucket(of: "shop.aasa.test", count: 1_000))
        // 0x06e6563f270f08f3 % 4 == 3: shard 4 of 4.
        #expect(Shard(index: 4, count: 4).contains("Shop.AASA.test"))
    }

    @Test func everyDomainIsInExactlyOneShard() {
        let names = (0..<2_000).map { "host\($0).example" }
        for count in [1, 2, 5, 16] {
            var seen = [Int](repeating: 0, count: count)
            for name in names {
                let owners = (1...count).filter { Shard(index: $0, count: count).contains(name) }
                #expect(owners.count == 1)
                seen[owners[0] - 1] += 1
            }
            // 2,000 names spread over at most 16 shards: none is empty or takes more than twice its share.
            #expect(seen.allSatisfy { $0 > 0 && $0 < 2 * names.count / count }, "\(seen)")
        }
    }

    @Test func recordingTheWholeListKeepsOnlyThisShardsPositions() {
        var shard = Shard(index: 4, count: 4)
        shard.record(whole: ["good.aasa.test", "shop.aasa.test", "expired.aasa.test"])
        #expect(shard.inputs == 3)
        // printf 'good.aasa.test\nshop.aasa.test\nexpired.aasa.test\n' | sha256sum
        #expect(shard.inputsSHA256 == "aef5cd54193ef0e74cf70295bfb90c7b9064084d90236f955a765f5838fce2a3")
        #expect(shard.positions == ["shop.aasa.test": 1])
    }
}
