import Fetching
import Foundation

/// The network options shared by every command that fetches (`audit`, `match --domain`): declared once,
/// validated once, so the commands cannot disagree about them.
enum NetworkOptions {
    static let connectTo = OptionSpec(
        "--connect-to", .string, repeatable: true, placeholder: "HOST:PORT:ADDR:PORT",
        help:
            "send requests for HOST:PORT to ADDR:PORT instead, as curl's --connect-to (empty HOST or PORT matches any)")
    static let caCert = OptionSpec(
        "--ca-cert", .path, help: "trust the certificates in this PEM file as well as the system's")
    static let timeout = OptionSpec(
        "--timeout", .decimal(0.001...3600, unit: "seconds"),
        default: OptionSpec.number(FetcherConfiguration.standardTimeout),
        help: "limit on each fetch; the connect and low-speed limits derive from it")

    static let group = OptionGroup("Network", [connectTo, caCert, timeout])

    /// The fetcher's settings, after checking each `--connect-to` has curl's shape and `--ca-cert` is readable.
    static func configuration(from options: ParsedOptions) throws(UsageError) -> FetcherConfiguration {
        let command = options.command.name
        let mappings = options.strings(connectTo)
        for mapping in mappings where !isMapping(mapping) {
            throw UsageError("--connect-to takes HOST:PORT:ADDR:PORT, not \(mapping)", command: command)
        }
        let caCertificate = options.string(caCert)
        var isFolder: ObjCBool = false
        if let caCertificate, FileManager.default.fileExists(atPath: caCertificate, isDirectory: &isFolder),
            isFolder.boolValue
        {
            throw UsageError("--ca-cert \(caCertificate) is a folder: give a PEM file", command: command)
        }
        if let caCertificate, !FileManager.default.isReadableFile(atPath: caCertificate) {
            throw UsageError("cannot read --ca-cert \(caCertificate)", command: command)
        }
        return FetcherConfiguration(
            connectTo: mappings, caCertificate: caCertificate, timeout: options.decimal(defaulted: timeout))
    }

    /// curl's HOST:PORT:ADDR:PORT: four fields (ADDR may be a bracketed IPv6 address with colons of its own),
    /// each port empty or a port number.
    static func isMapping(_ text: String) -> Bool {
        let fields = text.split(separator: ":", omittingEmptySubsequences: false)
        guard fields.count >= 4 else { return false }
        return [fields[1], fields[fields.count - 1]].allSatisfy { port in
            port.isEmpty
                || (port.allSatisfy { $0.isASCII && $0.isNumber } && Int(port).map { (1...65535).contains($0) } == true)
        }
    }
}
