import AASA
import Audit
import Foundation
import TestSupport
import Testing

/// Another user who can write the run folder (a shared /tmp path, a world-writable CI cache) plants links and
/// special files in it: the real binary never writes or reads through them, never blocks on them, never reports
/// an older run's results as this one's, and says why it refused.
@Suite struct RunFolderSafetyTests {
    static let server = FixtureServer.shared

    /// A run that blocked on a planted FIFO (as the code once did) is killed after 60 s by `timeout`, its own
    /// parent, so the test fails rather than hangs.
    static let guarded = ["/usr/bin/timeout", "-s", "KILL", "60"]

    static func audit(_ arguments: [String], directory: URL? = nil) async throws -> RunResult {
        try await Binary.run(
            ["audit"] + arguments + server.auditArguments + ["--timeout", FixtureServer.roomyTimeout],
            environment: ["NO_COLOR": "1"],
            directory: directory, through: guarded)
    }

    /// What can be planted in a run folder in place of a file.
    enum Plant: String, CaseIterable, CustomTestStringConvertible {
        case linkToAFile, fifo, linkToDevZero, characterDevice, folder

        var testDescription: String { rawValue }

        /// The sentence's description of it.
        var kind: String {
            switch self {
            case .linkToAFile, .linkToDevZero: "a symbolic link"
            case .fifo: "a FIFO"
            case .characterDevice: "a character device"
            case .folder: "a folder"
            }
        }

        /// Plants it at `path`; `victim` is a file of the user's outside the folder.
        func plant(at path: String, victim: URL) throws {
            switch self {
            case .linkToAFile:
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim.path)
            case .fifo: #expect(mkfifo(path, 0o644) == 0)
            case .linkToDevZero:
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
            case .characterDevice: try run("/usr/bin/mknod", [path, "c", "1", "5"])
            case .folder: try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            }
        }

        /// Still what was planted.
        func isStill(at path: String) -> Bool {
            var info = stat()
            guard lstat(path, &info) == 0 else { return false }
            switch self {
            case .linkToAFile, .linkToDevZero: return info.st_mode & S_IFMT == S_IFLNK
            case .fifo: return info.st_mode & S_IFMT == S_IFIFO
            case .characterDevice: return info.st_mode & S_IFMT == S_IFCHR
            case .folder: return info.st_mode & S_IFMT == S_IFDIR
            }
        }
    }

    static func run(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(program) \(arguments)")
    }

    /// A file of the user's, outside any run folder.
    static func victim() throws -> URL {
        let file = try tempDirectory().appendingPathComponent("profile")
        try Data("export PATH=/usr/bin\n".utf8).write(to: file)
        return file
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    /// domains.jsonl planted as a link, a FIFO, a device or a folder: a fresh run refuses to write it (exit 3, at
    /// once, the reports still written with every domain), and `--resume` refuses to read it (exit 2); what was
    /// planted, and the file a link points at, are left as they were.
    @Test(arguments: Plant.allCases)
    func aPlantedLogIsRefusedNeverWrittenReadOrWaitedOn(_ plant: Plant) async throws {
        if plant == .characterDevice && getuid() != 0 { return }
        let out = try tempDirectory()
        let victim = try Self.victim()
        let log = out.appendingPathComponent("domains.jsonl").path
        try plant.plant(at: log, victim: victim)

        let fresh = try await Self.audit(["good.aasa.test", "--out", out.path, "--format", "json"])
        #expect(fresh.status == 3, "\(fresh.status): \(fresh.stderr)")
        let writing = plant.kind == "a symbolic link" ? "write through it" : "write to it"
        #expect(
            fresh.stderr.contains("\(log) is \(plant.kind), not a file: refusing to \(writing)"), "\(fresh.stderr)")
        #expect(try readReport(out).0.domains.map(\.domain) == ["good.aasa.test"], "the reports hold the domain")
        #expect(plant.isStill(at: log))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "export PATH=/usr/bin\n", "the target is untouched")

        let resumed = try await Binary.run(["audit", "--resume", out.path], through: Self.guarded)
        #expect(resumed.status == 2, "\(resumed.status): \(resumed.stderr)")
        let reading = plant.kind == "a symbolic link" ? "read through it" : "read it"
        #expect(
            resumed.stderr.contains("\(log) is \(plant.kind), not a file: refusing to \(reading)"), "\(resumed.stderr)")
        #expect(plant.isStill(at: log))
        #expect(try String(contentsOf: victim, encoding: .utf8) == "export PATH=/usr/bin\n", "not truncated")
    }

    /// run.json planted as a link or a FIFO: a fresh run replaces it (its target untouched); `--resume` refuses to
    /// read one, at once.
    @Test func aPlantedRunRecordIsReplacedOrRefused() async throws {
        let out = try tempDirectory()
        let victim = try Self.victim()
        let record = out.appendingPathComponent("run.json").path
        try FileManager.default.createSymbolicLink(atPath: record, withDestinationPath: victim.path)
        // A report file planted as a link is replaced by the atomic rename as well.
        let report = out.appendingPathComponent("report.json").path
        try FileManager.default.createSymbolicLink(atPath: report, withDestinationPath: victim.path)
        let fresh = try await Self.audit(["good.aasa.test", "--out", out.path, "--format", "json"])
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: report)) == nil)
        #expect(try readReport(out).0.domains.count == 1)
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: record)) == nil, "run.json replaced")
        #expect(try RunRecordFile.domains(out) == ["good.aasa.test"])
        #expect(try String(contentsOf: victim, encoding: .utf8) == "export PATH=/usr/bin\n")

        // A link to a real run's record elsewhere is not followed either.
        try FileManager.default.removeItem(atPath: record)
        let other = try tempDirectory()
        _ = try await Self.audit(["good.aasa.test", "--out", other.path, "--format", "json"])
        try FileManager.default.createSymbolicLink(
            atPath: record, withDestinationPath: other.appendingPathComponent("run.json").path)
        let linked = try await Binary.run(["audit", "--resume", out.path], through: Self.guarded)
        #expect(linked.status == 2, "\(linked.stderr)")
        #expect(linked.stderr.contains("\(record) is a symbolic link, not a file: refusing to read through it"))

        try FileManager.default.removeItem(atPath: record)
        #expect(mkfifo(record, 0o644) == 0)
        let fifo = try await Binary.run(["audit", "--resume", out.path], through: Self.guarded)
        #expect(fifo.status == 2, "\(fifo.status): \(fifo.stderr)")
        #expect(fifo.stderr.contains("\(record) is a FIFO, not a file: refusing to read it"), "\(fifo.stderr)")
    }

    /// A run into a used --out moves the earlier run's files to previous/ (an older previous/ replaced, a link in
    /// its place removed, not followed): the new log holds only the new run, no earlier report file is left beside
    /// the new ones, and `--baseline DIR/report.json` compares with the report it replaced.
    @Test func aUsedOutKeepsTheEarlierRunInPrevious() async throws {
        let out = try tempDirectory()
        let first = try await Self.audit(
            ["good.aasa.test", "notfound.aasa.test", "--out", out.path, "--format", "json,csv"])
        #expect(first.status == 1, "\(first.stderr)")
        let second = try await Self.audit(
            [
                "good.aasa.test", "--out", out.path, "--format", "json", "--baseline",
                out.appendingPathComponent("report.json").path,
            ])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(!second.stderr.contains("could not compare"), "\(second.stderr)")
        let previous = out.appendingPathComponent("previous")
        let kept = Set(try FileManager.default.contentsOfDirectory(atPath: previous.path))
        #expect(kept == ["domains.jsonl", "run.json", "report.json", "urls.csv", "findings.csv"], "\(kept)")
        #expect(try readReport(previous).0.domains.count == 2)
        let now = Set(try FileManager.default.contentsOfDirectory(atPath: out.path))
        #expect(now == ["domains.jsonl", "run.json", "report.json", "previous"], "\(now)")
        let lines = try String(contentsOf: out.appendingPathComponent("domains.jsonl"), encoding: .utf8)
            .split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("good.aasa.test"), "only the new run's record")
        let (report, _) = try readReport(out)
        #expect(report.changes?.domainsRemoved == ["notfound.aasa.test"], "compared with the replaced report")

        // previous/ planted as a link to a folder of the user's: the link goes, the folder stays as it was.
        let victim = try Self.victim()
        try FileManager.default.removeItem(at: previous)
        try FileManager.default.createSymbolicLink(
            atPath: previous.path, withDestinationPath: victim.deletingLastPathComponent().path)
        let third = try await Self.audit(["good.aasa.test", "--out", out.path, "--format", "json"])
        #expect(third.status == 0, "\(third.stderr)")
        #expect(Self.mode(previous.path) == 0o700, "a folder of the run's own now")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "export PATH=/usr/bin\n")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: victim.deletingLastPathComponent().path) == ["profile"])
    }

    /// Folders the tool creates are 0700; a folder the user made keeps its mode.
    @Test func createdFoldersAreOwnerOnly() async throws {
        let parent = try tempDirectory()
        let out = parent.appendingPathComponent("new/sub")
        #expect(try await Self.audit(["good.aasa.test", "--out", out.path, "--format", "json"]).status == 0)
        #expect(Self.mode(parent.appendingPathComponent("new").path) == 0o700)
        #expect(Self.mode(out.path) == 0o700)
        let existing = try tempDirectory()
        #expect(chmod(existing.path, 0o755) == 0)
        #expect(try await Self.audit(["good.aasa.test", "--out", existing.path, "--format", "json"]).status == 0)
        #expect(Self.mode(existing.path) == 0o755, "the user's folder keeps its mode")

        let cwd = try tempDirectory()
        #expect(try await Self.audit(["good.aasa.test", "--format", "json"], directory: cwd).status == 0)
        let reports = cwd.appendingPathComponent("Reports")
        #expect(Self.mode(reports.path) == 0o700)
        let run = try FileManager.default.destinationOfSymbolicLink(
            atPath: reports.appendingPathComponent("latest").path)
        #expect(Self.mode(reports.appendingPathComponent(run).path) == 0o700)
    }

    /// Reports/latest restored from an artifact as a real folder: the run writes its reports, says latest was not
    /// updated (exit 3) and leaves no temporary link behind; the folder is untouched.
    @Test func latestAsARealFolderIsReportedNotLeftStale() async throws {
        let cwd = try tempDirectory()
        let latest = cwd.appendingPathComponent("Reports/latest")
        try FileManager.default.createDirectory(at: latest, withIntermediateDirectories: true)
        try Data("old\n".utf8).write(to: latest.appendingPathComponent("report.json"))
        let result = try await Self.audit(["good.aasa.test", "--format", "json"], directory: cwd)
        #expect(result.status == 3, "\(result.stderr)")
        #expect(
            result.stderr.contains("Reports/latest is a folder, not a link: not updated; move it away"),
            "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: cwd.appendingPathComponent("Reports").path)
        #expect(!names.contains { $0.hasPrefix(".latest") }, "no stray temporary link: \(names)")
        let runs = names.filter { $0 != "latest" }
        #expect(runs.count == 1, "\(names)")
        #expect(try readReport(cwd.appendingPathComponent("Reports/\(runs[0])")).0.domains.count == 1)
        #expect(try String(contentsOf: latest.appendingPathComponent("report.json"), encoding: .utf8) == "old\n")
    }

    /// A link planted at the name the latest link used to be made under (`.latest.PID`, known in advance: the
    /// shell execs the binary under its own pid) is neither followed nor removed; latest still names the run.
    @Test func aLinkAtTheTemporaryLatestNameIsLeftAlone() async throws {
        let cwd = try tempDirectory()
        let reports = cwd.appendingPathComponent("Reports")
        try FileManager.default.createDirectory(at: reports, withIntermediateDirectories: true)
        let victim = try Self.victim()
        let result = try await Binary.run(
            ["audit", "good.aasa.test", "--format", "json", "--timeout", FixtureServer.roomyTimeout]
                + Self.server.auditArguments,
            environment: ["VICTIM": victim.path], directory: cwd,
            through: ["/bin/sh", "-c", #"ln -s "$VICTIM" "Reports/.latest.$$" && exec "$0" "$@""#])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: reports.path)
        let planted = names.filter { $0.hasPrefix(".latest") }
        #expect(planted.count == 1, "\(names)")
        #expect(
            try planted.first.map {
                try FileManager.default.destinationOfSymbolicLink(atPath: reports.appendingPathComponent($0).path)
            }
                == victim.path, "the planted link is left as it was")
        let latest = try FileManager.default.destinationOfSymbolicLink(
            atPath: reports.appendingPathComponent("latest").path)
        #expect(names.contains(latest) && latest != "latest")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "export PATH=/usr/bin\n")
    }

    /// --keep among planted things: an old run whose `.running` is a FIFO is pruned without waiting on it, and an
    /// old run that is a link to a folder of the user's loses the link, not the folder's files.
    @Test func pruningNeverWaitsOnOrFollowsWhatIsPlanted() async throws {
        let cwd = try tempDirectory()
        let reports = cwd.appendingPathComponent("Reports")
        let fifoRun = reports.appendingPathComponent("20000101T000000Z")
        try FileManager.default.createDirectory(at: fifoRun, withIntermediateDirectories: true)
        #expect(mkfifo(fifoRun.appendingPathComponent(".running").path, 0o644) == 0)
        let victim = try Self.victim()
        let linkRun = reports.appendingPathComponent("20000101T000001Z")
        try FileManager.default.createSymbolicLink(
            atPath: linkRun.path, withDestinationPath: victim.deletingLastPathComponent().path)
        let old = Date(timeIntervalSinceNow: -86_400)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: fifoRun.path)
        let result = try await Self.audit(["good.aasa.test", "--format", "json", "--keep", "1"], directory: cwd)
        #expect(result.status == 0, "\(result.status): \(result.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: reports.path)
        #expect(!left.contains("20000101T000000Z") && !left.contains("20000101T000001Z"), "\(left)")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "export PATH=/usr/bin\n", "not followed")
    }

    /// Without --out the newest earlier run's report.json is the baseline: one planted there as a FIFO or as a link
    /// to /dev/zero is passed over, never opened or waited on.
    @Test func aPlantedReportAmongTheRunsIsNotTakenAsTheBaseline() async throws {
        let cwd = try tempDirectory()
        let reports = cwd.appendingPathComponent("Reports")
        let fifoRun = reports.appendingPathComponent("29991231T235959Z")
        let linkRun = reports.appendingPathComponent("29991231T235958Z")
        for run in [fifoRun, linkRun] {
            try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        }
        #expect(mkfifo(fifoRun.appendingPathComponent("report.json").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(
            atPath: linkRun.appendingPathComponent("report.json").path, withDestinationPath: "/dev/zero")
        let result = try await Self.audit(["good.aasa.test", "--format", "json"], directory: cwd)
        #expect(result.status == 0, "\(result.status): \(result.stderr)")
        #expect(!result.stdout.contains("changes since"), "no baseline")
    }

    /// `merge --out` naming a shard's folder through a link, or a folder inside a shard, is refused before anything
    /// is written; the shard's report is untouched. A merge's own new folder is 0700.
    @Test func mergeOutThroughALinkToAShardIsRefused() async throws {
        let work = try tempDirectory()
        var shards: [URL] = []
        for part in 1...2 {
            let shard = work.appendingPathComponent("shard\(part)")
            let result = try await Self.audit(
                [
                    "good.aasa.test", "notfound.aasa.test", "--shard", "\(part)/2", "--out", shard.path, "--format",
                    "json",
                ])
            #expect([0, 1].contains(result.status), "\(result.stderr)")
            shards.append(shard)
        }
        let before = try Data(contentsOf: shards[0].appendingPathComponent("report.json"))
        let link = work.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: shards[0].path)
        for (out, says) in [(link.path, "holds shard"), (link.appendingPathComponent("sub").path, "is inside shard")] {
            let merge = try await Binary.run(["merge"] + shards.map(\.path) + ["--out", out, "--format", "json"])
            #expect(merge.status == 2, "\(out): \(merge.stderr)")
            #expect(merge.stderr.contains("--out \(out) \(says) \(shards[0].path)"), "\(merge.stderr)")
        }
        #expect(try Data(contentsOf: shards[0].appendingPathComponent("report.json")) == before)
        #expect(!FileManager.default.fileExists(atPath: shards[0].appendingPathComponent("sub").path))
        let merged = work.appendingPathComponent("merged")
        let merge = try await Binary.run(["merge"] + shards.map(\.path) + ["--out", merged.path, "--format", "json"])
        #expect(merge.status == 1, "\(merge.stderr)")
        #expect(Self.mode(merged.path) == 0o700)
    }
}

/// run.json's planned domains, read as any reader would.
enum RunRecordFile {
    static func domains(_ folder: URL) throws -> [String] {
        let data = try Data(contentsOf: folder.appendingPathComponent("run.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["domains"] as? [String])
    }
}
