import Foundation
import TestSupport
import Testing

/// The release tarball Scripts/package built (Scripts/test builds it once and names it in AASA_RELEASE_TARBALL):
/// what it holds, what its binary needs at run time, that it runs with nothing from the build machine, that it
/// installs and uninstalls cleanly, and that the GitHub Action's script does its job with it.
@Suite(.enabled(if: Release.tarball != nil, "set AASA_RELEASE_TARBALL (Scripts/test does)"), .serialized)
struct ReleaseTests {
    static let server = FixtureServer.shared

    @Test func theTarballHoldsTheBinaryDocsAndCompletionsWithItsChecksum() async throws {
        let tarball = try #require(Release.tarball)
        let arch = try await Release.run("/usr/bin/uname", ["-m"]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(tarball.lastPathComponent == "aasa-audit-0.1.0-linux-\(arch).tar.gz")
        let folder = try Release.unpacked()
        #expect(folder.lastPathComponent == "aasa-audit-0.1.0-linux-\(arch)")
        for file in [
            "aasa-audit", "aasa-audit.1", "completions/aasa-audit.bash", "completions/_aasa-audit",
            "completions/aasa-audit.fish", "LICENSE", "README.md", "CHANGELOG.md", "runtime-packages", "install",
        ] {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(file).path), "\(file)")
        }
        let license = try String(contentsOf: folder.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(license.contains("Apache License") && license.contains("Version 2.0"))
        let sums = try await Release.run(
            "/usr/bin/sha256sum", ["-c", "SHA256SUMS"], directory: tarball.deletingLastPathComponent())
        #expect(sums.status == 0 && sums.stdout == "\(tarball.lastPathComponent): OK\n", "\(sums)")
        // Stripped: no symbol table left.
        let sections = try await Release.run("/usr/bin/readelf", ["-S", "-W", Release.binary().path]).stdout
        #expect(!sections.contains(".symtab"))
        // The man page and completions are the binary's own.
        let binary = try Release.binary().path
        for (file, arguments) in [
            ("aasa-audit.1", ["help", "--man"]), ("completions/aasa-audit.fish", ["completions", "fish"]),
        ] {
            let packaged = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(try await Release.run(binary, arguments).stdout == packaged, "\(file)")
        }
    }

    /// Every library the binary names (readelf NEEDED), resolved by ldd, belongs to a Debian package of the
    /// runtime list; no Swift runtime library and no toolchain RUNPATH remain.
    @Test func theBinaryNeedsOnlyTheRuntimePackages() async throws {
        let binary = try Release.binary().path
        let dynamic = try await Release.run("/usr/bin/readelf", ["-d", "-W", binary])
        #expect(dynamic.status == 0)
        let needed = dynamic.stdout.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap {
            $0.split(separator: "[").last?.split(separator: "]").first.map(String.init)
        }
        #expect(needed.contains("libcurl.so.4") && needed.contains("libxml2.so.2"), "\(needed)")
        for name in needed {
            #expect(
                !name.hasPrefix("libswift") && !name.contains("Foundation") && !name.hasPrefix("libdispatch")
                    && !name.hasPrefix("libBlocksRuntime"), "a Swift runtime library: \(name)")
        }
        // Neither the toolchain's folder nor SwiftPM's default $ORIGIN: the binary loads only the system's libraries.
        for line in dynamic.stdout.split(separator: "\n") where line.contains("RUNPATH") || line.contains("RPATH") {
            Issue.record("the binary keeps a library path: \(line)")
        }
        let ldd = try await Release.run("/usr/bin/ldd", [binary])
        #expect(ldd.status == 0 && !ldd.stdout.contains("not found"), "\(ldd.stdout)")
        var paths: [String: String] = [:]
        for line in ldd.stdout.split(separator: "\n") {
            // "libc.so.6 => /lib/…/libc.so.6 (0x…)", or for the loader "/lib64/ld-linux-x86-64.so.2 (0x…)".
            let parts = line.split(whereSeparator: \.isWhitespace).map(String.init)
            if parts.count >= 3, parts[1] == "=>" {
                paths[parts[0]] = parts[2]
            } else if let path = parts.first, path.hasPrefix("/") {
                paths[URL(fileURLWithPath: path).lastPathComponent] = path
            }
        }
        let allowed = try Release.runtimePackages()
        var packages: Set<String> = []
        for name in needed {
            let path = try #require(paths[name], "ldd does not resolve \(name)")
            let package = try await Release.debianPackage(of: path)
            let owner = try #require(package, "dpkg -S knows no package for \(path)")
            packages.insert(owner)
            #expect(allowed.contains(owner), "\(name) (\(path)) comes from \(owner), not in Scripts/runtime-packages")
        }
        #expect(packages.isSuperset(of: ["libcurl4", "libxml2", "libc6"]), "\(packages)")
    }

    /// With an empty environment (no PATH, HOME or locale) the unpacked binary names its build and audits the
    /// fixture server for real.
    @Test func theUnpackedBinaryRunsWithAScrubbedEnvironment() async throws {
        let binary = try Release.binary().path
        let version = try await Release.run("/usr/bin/env", ["-i", binary, "--version"])
        #expect(version.status == 0 && version.stderr.isEmpty)
        let head = try await Release.run("/usr/bin/git", ["rev-parse", "--short=12", "HEAD"], directory: Binary.root)
        let commit = head.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(commit.count == 12)
        // Scripts/test packages and tests the same tree: "-dirty" exactly when tracked files differ from HEAD.
        let diff = try await Release.run("/usr/bin/git", ["diff", "--quiet", "HEAD", "--"], directory: Binary.root)
        let first = version.stdout.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first == "aasa-audit 0.1.0 (commit \(commit)\(diff.status == 0 ? "" : "-dirty"))", "built from HEAD")
        #expect(version.stdout.contains("libcurl/7") && version.stdout.contains("libxml2 2"))

        let out = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-release-\(UUID().uuidString)")
        let pass = try await Release.run(
            "/usr/bin/env",
            ["-i", binary, "audit", "good.aasa.test", "--out", out.path, "--format", "json"]
                + Self.server.auditArguments)
        #expect(pass.status == 0, "\(pass.stderr)")
        #expect(pass.stdout.contains("1 pass"))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("report.json")))
        let domains = try #require((report as? [String: Any])?["domains"] as? [[String: Any]])
        #expect(domains.first?["verdict"] as? String == "pass")
        let fail = try await Release.run(
            "/usr/bin/env",
            ["-i", binary, "audit", "forbidden.aasa.test", "--out", out.path] + Self.server.auditArguments)
        #expect(fail.status == 1 && fail.stdout.contains("http-status"), "\(fail)")
    }

    /// The packaged man page renders with `man -l` and groff's warnings on, without one.
    @Test func thePackagedManPageRendersWithoutWarnings() async throws {
        let page = try Release.unpacked().appendingPathComponent("aasa-audit.1").path
        let groff = try await Release.run("/usr/bin/groff", ["-man", "-ww", "-Tutf8", "-z", page])
        #expect(groff.status == 0 && groff.stderr.isEmpty, "\(groff.stderr)")
        let man = try await Release.run(
            "/usr/bin/man", ["--warnings=w", "-l", page], environment: ["MANPAGER": "cat", "MANWIDTH": "80"])
        #expect(man.status == 0 && man.stderr.isEmpty, "\(man.stderr)")
        #expect(man.stdout.contains("aasa-audit audit"))
    }

    /// Scripts/install puts the binary, man page and completions under PREFIX and --uninstall removes exactly
    /// those, leaving what was there before.
    @Test func installAndUninstallLeaveThePrefixAsItWas() async throws {
        let tarball = try #require(Release.tarball)
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-prefix-\(UUID().uuidString)")
        let bin = prefix.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: bin.appendingPathComponent("other-tool"))
        let before = try Release.tree(prefix)

        let install = Binary.root.appendingPathComponent("Scripts/install").path
        let installed = try await Release.run(install, ["--from", tarball.path, prefix.path])
        #expect(installed.status == 0, "\(installed.stderr)")
        let files = [
            "bin/aasa-audit", "share/man/man1/aasa-audit.1", "share/bash-completion/completions/aasa-audit",
            "share/zsh/site-functions/_aasa-audit", "share/fish/vendor_completions.d/aasa-audit.fish",
        ]
        for file in files {
            #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent(file).path), "\(file)")
        }
        let version = try await Release.run(prefix.appendingPathComponent("bin/aasa-audit").path, ["--version"])
        #expect(version.status == 0 && version.stdout.hasPrefix("aasa-audit 0.1.0"))

        let removed = try await Release.run(install, ["--uninstall", prefix.path])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try Release.tree(prefix) == before)

        // The install script inside the unpacked tarball installs from its own folder.
        let own = try Release.unpacked().appendingPathComponent("install").path
        #expect(try await Release.run(own, [prefix.path]).status == 0)
        #expect(FileManager.default.isExecutableFile(atPath: prefix.appendingPathComponent("bin/aasa-audit").path))
        #expect(try await Release.run(own, ["--uninstall", prefix.path]).status == 0)
        #expect(try Release.tree(prefix) == before)
    }
}

/// The tarball under test and the tools the release tests run.
enum Release {
    static let tarball: URL? = ProcessInfo.processInfo.environment["AASA_RELEASE_TARBALL"].map {
        URL(fileURLWithPath: $0)
    }

    /// The tarball unpacked once per test process; its one folder.
    static func unpacked() throws -> URL { try unpackedFolder.get() }
    private static let unpackedFolder: Result<URL, any Error> = Result {
        guard let tarball else { throw CocoaError(.fileNoSuchFile) }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-unpacked-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/tar")
        tar.arguments = ["-C", dir.path, "-xzf", tarball.path]
        try tar.run()
        tar.waitUntilExit()
        let entries = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        guard tar.terminationStatus == 0, entries.count == 1 else { throw CocoaError(.fileReadCorruptFile) }
        return dir.appendingPathComponent(entries[0])
    }

    static func binary() throws -> URL { try unpacked().appendingPathComponent("aasa-audit") }

    /// Scripts/runtime-packages: one package a line, `#` comments.
    static func runtimePackages() throws -> Set<String> {
        let text = try String(
            contentsOf: Binary.root.appendingPathComponent("Scripts/runtime-packages"), encoding: .utf8)
        return Set(
            text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
                !$0.isEmpty && !$0.hasPrefix("#")
            })
    }

    /// The Debian package owning `path`, trying the path as given, its real path and the other side of the
    /// /usr merge (ldd may print /lib/… for a file dpkg knows as /usr/lib/…).
    static func debianPackage(of path: String) async throws -> String? {
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var candidates = [path, real]
        for p in [path, real] {
            candidates.append(p.hasPrefix("/usr/") ? String(p.dropFirst(4)) : "/usr" + p)
        }
        for candidate in candidates {
            let result = try await run("/usr/bin/dpkg", ["-S", candidate])
            if result.status == 0, let line = result.stdout.split(separator: "\n").first,
                let owner = line.split(separator: ":").first
            {
                return String(owner)
            }
        }
        return nil
    }

    /// Every file and folder under `root`, relative to it.
    static func tree(_ root: URL) throws -> [String] {
        (FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []).sorted()
    }

    /// Runs a program as TestSupport's `Binary.run` runs ours (on a thread of its own, both pipes read at once).
    static func run(
        _ path: String, _ arguments: [String], environment: [String: String] = [:], directory: URL? = nil
    ) async throws -> (status: Int32, stdout: String, stderr: String) {
        let result = try await Binary.run(
            arguments, environment: environment, directory: directory, program: URL(fileURLWithPath: path))
        return (result.status, result.stdout, result.stderr)
    }
}
