import Foundation
import TestSupport
import Testing

/// `match` never answers a URL it cannot judge as "stays on the web": a value with no scheme is refused with a
/// did-you-mean, on the command line and in a `--urls` file, and `--expect` never passes on one.
@Suite struct MatchRefusalTests {
    static let file = """
        {"applinks": {"details": [{"appIDs": ["9JA89QQLNQ.com.acme.shop"], "components": [{"/": "/account/*"}]}]}}
        """

    @Test func aURLWithNoSchemeIsRefusedUnderExpect() async throws {
        let file = try Binary.write(Self.file)
        let result = try await Binary.run(
            ["match", "--file", file.path, "--expect", "no-app", "acme.com/account/delete"],
            environment: ["NO_COLOR": "1"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.contains(
                #""acme.com/account/delete": has no scheme: did you mean https://acme.com/account/delete?"#),
            "\(result.stderr)")
        #expect(!result.stdout.contains("stays on the web"), "\(result.stdout)")
    }

    @Test func aURLWithNoSchemeIsRefusedWithoutExpectToo() async throws {
        let file = try Binary.write(Self.file)
        let result = try await Binary.run(
            ["match", "--file", file.path, "acme.com:8443/account/x", "https://acme.com/account/x"],
            environment: ["NO_COLOR": "1"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("did you mean https://acme.com:8443/account/x?"), "\(result.stderr)")
        // The rest is matched.
        #expect(result.stdout.contains("opens the app"), "\(result.stdout)")
    }

    @Test func aURLsFileNamesTheLineAndExitsTwo() async throws {
        let file = try Binary.write(Self.file)
        let list = try Binary.write(
            "https://acme.com/account/a\n//acme.com/account/b\nftp://acme.com/account/c\n", name: "urls.txt")
        let result = try await Binary.run(
            ["match", "--file", file.path, "--urls", list.path, "--expect", "opens-app"],
            environment: ["NO_COLOR": "1"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("urls.txt:2: \"//acme.com/account/b\": has no scheme"), "\(result.stderr)")
        #expect(
            result.stderr.contains("urls.txt:3: \"ftp://acme.com/account/c\": uses the ftp: scheme"), "\(result.stderr)"
        )
    }

    /// Without `--expect`, a custom-scheme URL is answered as today: it is not a universal link.
    @Test func aCustomSchemeIsAnsweredWithoutExpectAndRefusedWithIt() async throws {
        let file = try Binary.write(Self.file)
        let plain = try await Binary.run(["match", "--file", file.path, "myapp://account/x"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdout.contains("not an http(s) URL"), "\(plain.stdout)")
        let expecting = try await Binary.run(
            ["match", "--file", file.path, "--expect", "no-app", "myapp://account/x"])
        #expect(expecting.status == 2, "\(expecting.stdout)\(expecting.stderr)")
        #expect(expecting.stderr.contains("--expect cannot judge it"), "\(expecting.stderr)")
    }

    /// An absolute path stays a documented input: the file's rules read only path, query and fragment.
    @Test func anAbsolutePathIsStillMatched() async throws {
        let file = try Binary.write(Self.file)
        let result = try await Binary.run(["match", "--file", file.path, "--expect", "opens-app", "/account/x"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
    }
}
