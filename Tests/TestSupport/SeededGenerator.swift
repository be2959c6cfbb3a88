import Foundation

/// SplitMix64 from a seed: generated test inputs are the same on every run, so a failure names an input that
/// reproduces.
public struct SeededGenerator: RandomNumberGenerator {
    public var state: UInt64

    public init(state: UInt64) { self.state = state }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The seed of a randomised test, named in its failure messages so that a failure can be replayed.
///
/// A test runs with its own fixed seed unless `AASA_TEST_SEED` is set: a number replays that seed, `random` draws
/// a fresh one (to look further than the fixed seed does). Either way `description` says how to run it again.
public struct TestSeed: CustomStringConvertible, Sendable {
    public let value: UInt64

    public init(default fixed: UInt64, environment: [String: String] = ProcessInfo.processInfo.environment) {
        switch environment["AASA_TEST_SEED"] {
        case nil: value = fixed
        case "random": value = UInt64.random(in: 0...UInt64.max)
        case let text?:
            guard let number = UInt64(text) else {
                // Running with another seed than the one asked for would replay nothing: stop at once.
                fatalError("AASA_TEST_SEED must be a number or random, not \(text)")
            }
            value = number
        }
    }

    /// A generator starting from this seed.
    public var generator: SeededGenerator { SeededGenerator(state: value) }

    public var description: String { "seed \(value) (AASA_TEST_SEED=\(value) replays it)" }
}
