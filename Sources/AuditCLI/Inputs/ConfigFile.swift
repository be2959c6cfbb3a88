import AASA
import Audit
import Foundation

/// The run's ignore entries: `--config FILE`, else `.aasa-audit.json` in the working folder when there is one
/// (not with `--no-config`, as ESLint's `--no-config-lookup`), then each `--ignore`. The file is read as every local
/// input is (a regular file, at most `IgnoreConfig.sizeLimit` bytes), and a bad one is a usage error naming its
/// line and column.
enum ConfigFile {
    static func suppressions(from options: ParsedOptions, command: String) throws(UsageError) -> Suppressions {
        var rules: [IgnoreRule] = []
        let named = options.string(SharedOptions.config)
        var path = named ?? (options.flag(SharedOptions.noConfig) ? nil : IgnoreConfig.defaultName)
        // The working folder's file is optional; a file named with --config is not.
        var status = stat()
        if named == nil, let name = path, lstat(name, &status) != 0, errno == ENOENT { path = nil }
        if let path {
            let bytes: [UInt8]
            do throws(RegularFile.Refusal) {
                bytes = try RegularFile.contents(path, limit: IgnoreConfig.sizeLimit)
            } catch {
                let reason = error.code == ENOENT ? "no such file" : error.reason
                throw UsageError("cannot read the config file \(path): \(reason)", command: command)
            }
            do throws(IgnoreConfig.Problem) {
                rules = try IgnoreConfig.read(bytes, file: path)
            } catch {
                throw UsageError(error.description, command: command)
            }
        }
        for value in options.strings(SharedOptions.ignore) {
            do throws(IgnoreConfig.Problem) {
                rules.append(try IgnoreConfig.commandLine(value))
            } catch {
                throw UsageError(error.description, command: command)
            }
        }
        return Suppressions(rules)
    }

    /// One stderr line per entry that matched nothing (ESLint's unused-directive report): a warning, which leaves
    /// the exit status alone.
    static func reportUnused(_ rules: [IgnoreRule], command: String) {
        for rule in rules {
            let place = [rule.domain.map { "on \($0)" }, rule.pointer.map { "at \($0)" }].compactMap { $0 }
            Terminal.err(
                Terminal.safe(
                    "aasa-audit \(command): warning: the ignore entry for \(rule.check)"
                        + (place.isEmpty ? "" : " " + place.joined(separator: " ")) + " (\(rule.source)) matched "
                        + "no finding: remove it if the finding is gone"))
        }
    }
}
