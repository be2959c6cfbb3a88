import AASA
import Foundation
import TestSupport
import Testing

/// Memory bounded by design for every input list: the real binary's peak RSS (read from the kernel for that one
/// child) on 64 MiB inputs of any content, for each command that reads a list, and on n against 4n of junk lines.
/// Before, a 16 MB links list of junk lines peaked at 6.5 GB and a 16 MB `--domains` file at 4.0 GB. Release
/// builds only (`Scripts/linearity`): a debug build's memory is not the shipped one's.
@Suite(.serialized) struct InputMemoryTests {
    /// What every run must stay under, for a 64 MiB input.
    static let ceiling = 300 << 20

    /// The contents: `size` bytes each.
    enum Content: String, CaseIterable, CustomTestStringConvertible {
        case junkLines, oneHugeLine, nuls, invalidUTF8, validLinesOverTheCap
        var testDescription: String { rawValue }

        func bytes(_ size: Int, valid: (Int) -> String) -> Data {
            switch self {
            case .junkLines: return Data(repeating: UInt8(ascii: "x"), count: size).withNewlines(every: 2)
            case .oneHugeLine: return Data(repeating: UInt8(ascii: "a"), count: size)
            case .nuls: return Data(repeating: 0, count: size)
            case .invalidUTF8: return Data(repeating: 0xFF, count: size).withNewlines(every: 64)
            case .validLinesOverTheCap:
                var data = Data()
                data.reserveCapacity(size + 256)
                var n = 0
                while data.count < size {
                    data.append(contentsOf: valid(n).utf8)
                    n += 1
                }
                return data.prefix(size)
            }
        }
    }

    /// The commands that read a list, with the input's place in their arguments.
    enum Reader: String, CaseIterable, CustomTestStringConvertible {
        case domains, linksList, linksHTML, entitlements, matchURLs
        var testDescription: String { rawValue }

        func arguments(_ input: String, out: String, aasa: String) -> [String] {
            switch self {
            case .domains: return ["audit", "--domains", input, "--out", out, "--format", "json", "-q"]
            case .linksList: return ["links", input, "--out", out, "--format", "json", "--no-follow", "-q"]
            case .linksHTML: return ["links", "--html", input, "--out", out, "--format", "json", "--no-follow", "-q"]
            case .entitlements:
                return ["audit", "--entitlements", input, "--app-id", "T.a", "--out", out, "--format", "json", "-q"]
            case .matchURLs: return ["match", "--file", aasa, "--urls", input]
            }
        }

        /// A valid line of this input.
        func valid(_ n: Int) -> String {
            switch self {
            case .domains: return "d\(n).example.test\n"
            case .linksList, .matchURLs: return "https://example.test/p/\(n)\n"
            case .linksHTML: return "<a href=\"https://example.test/p/\(n)\">\(n)</a>\n"
            case .entitlements: return "applinks:d\(n).example.test\n"
            }
        }
    }

    /// Runs `reader` on `size` bytes of `content`; the input and the reports are removed afterwards.
    static func peak(_ reader: Reader, _ content: Content, size: Int) throws -> PeakMemory.Run {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-mem-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("input")
        try content.bytes(size, valid: reader.valid).write(to: input)
        let aasa = directory.appendingPathComponent("aasa.json")
        try Data(ExampleProbe.body.utf8).write(to: aasa)
        return try PeakMemory.run(
            reader.arguments(input.path, out: directory.appendingPathComponent("out").path, aasa: aasa.path))
    }

    @Test(
        .enabled(if: Timing.meaningful, "memory is measured in release builds only"),
        arguments: Reader.allCases, Content.allCases)
    func a64MiBInputStaysUnder300MB(reader: Reader, content: Content) throws {
        let run = try Self.peak(reader, content, size: 64 << 20)
        #expect(!run.signalled && run.status == 2, "\(run.status) \(run.stderr.suffix(300))")
        #expect(run.peak <= Self.ceiling, "peak \(run.peak >> 20) MiB")
    }

    /// Memory does not follow the list's size: 64 MiB of junk lines costs about what 16 MiB does. Not `--html`: its
    /// file is read whole (at most `InputFile.limit`, 64 MiB) for the scanner and for naming each href's line, so it
    /// costs 71 MB at 16 MiB and 172 MB at 64 MiB, within the ceiling `a64MiBInputStaysUnder300MB` holds.
    @Test(
        .enabled(if: Timing.meaningful, "memory is measured in release builds only"),
        arguments: Reader.allCases.filter { $0 != .linksHTML })
    func junkLinesCostTheSameAtFourTimesTheSize(reader: Reader) throws {
        let small = try Self.peak(reader, .junkLines, size: 16 << 20)
        let large = try Self.peak(reader, .junkLines, size: 64 << 20)
        #expect(!small.signalled && !large.signalled)
        #expect(
            large.peak <= small.peak + (32 << 20),
            "16 MiB: \(small.peak >> 20) MiB; 64 MiB: \(large.peak >> 20) MiB (proportional would be 4 times)")
    }
}

extension Data {
    /// The bytes with every `every`th one a line feed.
    fileprivate func withNewlines(every: Int) -> Data {
        var copy = self
        var index = every - 1
        while index < copy.count {
            copy[index] = 0x0A
            index += every
        }
        return copy
    }
}
