import Foundation
import TestSupport
import Testing

/// Up to 1,024 transfers in flight plus the idle connections kept for reuse need more descriptors than a soft limit
/// of 1,024 allows, so the binary raises its soft limit to the hard one at start.
@Suite struct DescriptorLimitTests {
    @Test func theSoftDescriptorLimitIsRaisedToTheHardOne() async throws {
        // `check -` waits on standard input, so the running process's limits can be read from /proc.
        let script = """
            ulimit -Sn 256
            hard=$(ulimit -Hn)
            dir=$(mktemp -d)
            mkfifo "$dir/in"
            "$0" check - <"$dir/in" >/dev/null 2>&1 &
            pid=$!
            exec 3>"$dir/in"
            for _ in $(seq 1 300); do
                soft=$(awk '/^Max open files/ {print $4}' /proc/$pid/limits 2>/dev/null)
                [ -n "$soft" ] && [ "$soft" != 256 ] && break
                sleep 0.1
            done
            kill $pid 2>/dev/null
            rm -rf "$dir"
            echo "$soft $hard"
            """
        let result = try await Binary.run(
            ["-c", script, Binary.url.path], program: URL(fileURLWithPath: "/bin/sh"))
        let limits = result.stdout.split(whereSeparator: \.isWhitespace).map(String.init)
        #expect(limits.count == 2 && limits[1] != "256", "the hard limit must be above 256 here: \(result.stdout)")
        #expect(limits.first == limits.last, "soft limit raised to the hard one: \(result.stdout)\(result.stderr)")
    }
}
