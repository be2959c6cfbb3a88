import AASA
import Foundation

/// Reads report.json as a stream: a domain at a time, and within a domain its URLs a batch of rows at a time,
/// each decoded by JSONDecoder through the report's own Codable types. Memory stays around one domain without
/// its URLs plus one batch of rows, besides what the caller keeps; JSONDecoder on a whole 100,000-URL report
/// (92 MB) took 240 MB.
enum ReportReader {
    /// How much of each crawled URL is kept.
    enum URLDetail {
        /// Every field, verdicts included.
        case full
        /// The URL and the app it opened: all a baseline compares.
        case openedApp
    }

    /// The most one domain without its URLs (or one URL row, or another member of the report) may take: a
    /// real one is well under a megabyte, so this only stops a file that is not a report.
    static let valueLimit = 256 << 20
    /// The most one domain without its URLs, or one of its URL rows, may take: a real domain's findings (100 per
    /// check kept), its file (at most 128 KiB) and its scheme links (200 kept) stay a few megabytes, and every
    /// byte kept costs several more while it is decoded.
    static let domainLimit = 32 << 20
    static let batchRows = 256
    static let supportedVersion = 1

    static func read(path: String, urls: URLDetail) throws -> AuditReport {
        var domains: [DomainReport] = []
        var report = try stream(path: path, urls: urls) { domains.append($0) }
        report.domains = domains
        return report
    }

    static func read(_ data: Data, urls: URLDetail, name: String = "report.json") throws -> AuditReport {
        var domains: [DomainReport] = []
        var given: Data? = data
        var report = try stream(
            name: name, urls: urls, limit: valueLimit,
            source: {
                defer { given = nil }
                return given.map(Array.init)
            },
            each: { domains.append($0) })
        report.domains = domains
        return report
    }

    /// The report's fields but its domains, which are read past without decoding: what `merge` checks shards by
    /// before it reads any shard's domains.
    static func header(path: String) throws -> AuditReport {
        try stream(path: path, urls: .openedApp, skipDomains: true) { _ in }
    }

    /// Hands each domain to `each` as it is read (`skipDomains` reads past them instead); returns the report's other
    /// fields, `domains` left empty. Only a regular file is read (`RegularFile`): a FIFO or a device is refused
    /// before a byte is read from it.
    static func stream(
        path: String, urls: URLDetail, skipDomains: Bool = false, each: (DomainReport) throws -> Void
    ) throws -> AuditReport {
        let fd: Int32
        do {
            fd = try RegularFile.open(path)
        } catch {
            throw ReportReadError(file: path, problem: error.reason, unreadable: true)
        }
        defer { close(fd) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        return try stream(
            name: path, urls: urls, limit: valueLimit, skipDomains: skipDomains,
            source: {
                while true {
                    let count = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
                    if count > 0 { return Array(chunk[0..<count]) }
                    if count == 0 { return nil }
                    guard errno == EINTR else {
                        throw ReportReadError(file: path, problem: RegularFile.reason(errno), unreadable: true)
                    }
                }
            }, each: each)
    }

    /// `stringLimit`: the longest JSON string read (a test lowers it to check the refusal on a small file).
    static func stream(
        name: String, urls: URLDetail, limit: Int, stringLimit: Int = JSONScanner.defaultStringLimit,
        skipDomains: Bool = false, source: @escaping () throws -> [UInt8]?, each: (DomainReport) throws -> Void
    ) throws -> AuditReport {
        var scanner = JSONScanner(source: source, stringLimit: stringLimit)
        do {
            let walk = Walk(urls: urls, limit: limit, skipDomains: skipDomains)
            return try walk.report(&scanner, each: each)
        } catch let failure as JSONScanner.Failure {
            throw ReportReadError(
                file: name, problem: "line \(failure.line), column \(failure.column): \(failure.message)")
        } catch let problem as Problem {
            throw ReportReadError(file: name, problem: problem.text)
        }
    }

    /// One line of a run's `domains.jsonl`, a `DomainRecord`, its report read as report.json's domains are (URLs
    /// in batches). A line without `version` is log format 1 (whose `partial` was present only when true).
    static func record(_ bytes: [UInt8], name: String) throws -> DomainRecord {
        try recordAndReportRange(bytes, name: name).record
    }

    /// `record(_:name:)`, with where the `report` member's value lies in `bytes`. `trusted`: the line is one this
    /// process wrote (its `LineDigest` matched), so its numbers are not checked again for the ranges a tampered file
    /// could break; its shape still is, as it is decoded.
    static func recordAndReportRange(
        _ bytes: [UInt8], name: String, trusted: Bool = false
    ) throws -> (record: DomainRecord, report: Range<Int>) {
        var given: [UInt8]? = bytes
        var range = 0..<0
        var scanner = JSONScanner(source: {
            defer { given = nil }
            return given
        })
        var walk = Walk(urls: .full, limit: valueLimit)
        walk.trusted = trusted
        var index: Int?
        var report: DomainReport?
        var partial = false
        var version = 1
        do {
            try walk.members(&scanner, of: "a domain record") { scanner, key in
                guard key == Array(#""report""#.utf8) else { return false }
                try scanner.skipWhitespace()
                let start = scanner.offset
                report = try walk.domain(&scanner, index: 0, inRecord: true)
                range = start..<scanner.offset
                return true
            } other: { key, value in
                let text = String(decoding: value, as: UTF8.self)
                if key == Array(#""index""#.utf8) { index = Int(text) }
                if key == Array(#""partial""#.utf8) { partial = text == "true" }
                if key == Array(#""version""#.utf8) {
                    guard let number = Int(text), number > 0 else {
                        throw Problem(text: "version: \(text) is not a log format")
                    }
                    version = number
                }
            }
            try scanner.skipWhitespace()
            guard try scanner.peek() == nil else { throw try scanner.unexpected("the end of the record") }
        } catch let failure as JSONScanner.Failure {
            throw DomainLog.ReadFailure(reason: "column \(failure.column): \(failure.message)")
        } catch let problem as Problem {
            throw DomainLog.ReadFailure(reason: problem.text)
        }
        guard let index, let report else {
            throw DomainLog.ReadFailure(reason: "a record needs \"index\" and \"report\"")
        }
        guard (0...ReportNumbers.maximum).contains(index) else {
            throw DomainLog.ReadFailure(reason: "index: \(index) is out of range (from 0 to \(ReportNumbers.maximum))")
        }
        return (DomainRecord(index: index, partial: partial, report: report, version: version), range)
    }

    /// A report that is JSON but not in the report's shape.
    struct Problem: Error {
        var text: String
    }

    /// The report's structure, walked member by member.
    struct Walk {
        let urls: URLDetail
        let limit: Int
        /// A domain's limit, and its rows': `domainLimit`, or `limit` when that is lower.
        var domainLimit: Int { min(limit, ReportReader.domainLimit) }
        /// The domains are read past, not decoded: a header alone is wanted.
        var skipDomains = false
        /// What is read was written by this process (`recordAndReportRange`): the range checks are skipped.
        var trusted = false
        let decoder = JSONOutput.decoder()

        func report(_ scanner: inout JSONScanner, each: (DomainReport) throws -> Void) throws -> AuditReport {
            var shell = Shell()
            var index = 0
            var sawDomains = false
            var sawLinks = false
            try members(&scanner, of: "the report besides its domains") { scanner, key in
                guard key == Array(#""domains""#.utf8) else { return false }
                sawDomains = true
                try scanner.skipWhitespace()
                guard try scanner.peek() == UInt8(ascii: "[") else {
                    throw try scanner.unexpected("'[' (\"domains\" is a list)")
                }
                if skipDomains {
                    try scanner.value()
                    shell.add(key, Array("[]".utf8))
                    return true
                }
                try scanner.expect(UInt8(ascii: "["))
                if try !scanner.take(UInt8(ascii: "]")) {
                    repeat {
                        try each(try domain(&scanner, index: index))
                        index += 1
                    } while try scanner.take(UInt8(ascii: ","))
                    guard try scanner.take(UInt8(ascii: "]")) else { throw try scanner.unexpected("',' or ']'") }
                }
                shell.add(key, Array("[]".utf8))
                return true
            } other: { key, value in
                if key == Array(#""links""#.utf8) { sawLinks = true }
                shell.add(key, value)
            }
            try scanner.skipWhitespace()
            guard try scanner.peek() == nil else {
                throw try scanner.unexpected("the end of the file after the report")
            }
            // A JSON file of another kind lacks this first.
            guard sawDomains else { throw Problem(text: "missing \"domains\"") }
            // links.json has the same domains, and a list of links no audit report has: say which file it is.
            if sawLinks {
                throw Problem(text: "it is a links report (links.json), not an audit report")
            }
            let json = shell.json
            struct Version: Decodable { var schemaVersion: Int }
            let version = try decode(Version.self, json, at: nil)
            guard version.schemaVersion == ReportReader.supportedVersion else {
                throw Problem(
                    text: "schemaVersion \(version.schemaVersion) is not supported (this version reads "
                        + "\(ReportReader.supportedVersion))")
            }
            if let problem = ReportNumbers.problem(in: json, root: "") { throw Problem(text: problem) }
            let report = try decode(AuditReport.self, json, at: nil)
            if let problem = report.shard?.problem { throw Problem(text: "shard." + problem) }
            if let findings = report.entitlements?.findings, ReportNumbers.tally(findings) == nil {
                throw Problem(text: "entitlements.findings: " + Self.tooMany)
            }
            if let findings = report.androidManifest?.findings, ReportNumbers.tally(findings) == nil {
                throw Problem(text: "androidManifest.findings: " + Self.tooMany)
            }
            return report
        }

        static let tooMany =
            "they stand for more than \(ReportNumbers.maximumFindings) findings, more than any file or crawl raises"

        /// `inRecord`: the domain is a log record's `report` (one line: no line number is worth giving).
        func domain(_ scanner: inout JSONScanner, index: Int, inRecord: Bool = false) throws -> DomainReport {
            try scanner.skipWhitespace()
            let line = scanner.position.line
            let path = inRecord ? "report" : "domains[\(index)]"
            let place = inRecord ? "" : "line \(line), "
            guard try scanner.peek() == UInt8(ascii: "{") else {
                throw try scanner.unexpected("'{' (\(path) is an object)")
            }
            var shell = Shell()
            var table = URLTable()
            try members(&scanner, of: path + " besides its URLs", limit: domainLimit) { scanner, key in
                guard key == Array(#""urls""#.utf8) else { return false }
                table = try self.urls(&scanner, path: path + ".urls")
                shell.add(key, Array("[]".utf8))
                return true
            } other: { key, value in
                shell.add(key, value)
            }
            let json = shell.json
            if !trusted, let problem = ReportNumbers.problem(in: json, root: path) {
                throw Problem(text: place + problem)
            }
            var domain = try decode(DomainReport.self, json, at: (path, inRecord ? nil : line))
            guard ReportNumbers.tally(domain.findings) != nil else {
                throw Problem(text: place + "\(path).findings: " + Self.tooMany)
            }
            // Worked out again from the findings, as a run does: a verdict edited to "pass" cannot hide an error.
            domain.verdict = DomainReport.verdict(domain.findings)
            domain.urls = table
            return domain
        }

        func urls(_ scanner: inout JSONScanner, path: String) throws -> URLTable {
            var table = URLTable()
            guard try scanner.take(UInt8(ascii: "[")) else { throw try scanner.unexpected("'[' (\(path) is a list)") }
            if try scanner.take(UInt8(ascii: "]")) { return table }
            var batch = Array("[".utf8)
            var lines: [Int] = []
            func decodeBatch() throws {
                guard !lines.isEmpty else { return }
                batch += "]".utf8
                let first = table.count
                do {
                    switch urls {
                    case .full:
                        for row in try decoder.decode([URLReport].self, from: Data(batch)) {
                            try checked(row, in: path, at: table.count)
                            table.append(row)
                        }
                    case .openedApp:
                        for row in try decoder.decode([OpenedApp].self, from: Data(batch)).map(\.row) {
                            table.append(given: row.url, opensApp: row.opensApp, unknown: row.unknown)
                        }
                    }
                } catch let error as DecodingError {
                    // The first coding key is the row's index within the batch.
                    let row = error.context.codingPath.first?.intValue ?? 0
                    throw Problem(
                        text: describe(
                            error, root: "\(path)[\(first + row)]", line: lines[min(row, lines.count - 1)],
                            dropFirst: 1))
                }
                batch = Array("[".utf8)
                lines.removeAll(keepingCapacity: true)
            }
            repeat {
                try scanner.skipWhitespace()
                let line = scanner.position.line
                let text = try scanner.keep(limit: domainLimit) { try $0.value() }
                // Read from its bytes when it has the writer's plain shape; else by JSONDecoder (through the same
                // declaration, `URLReport.jsonFields`), after the rows before it, which names what is wrong.
                switch urls {
                case .full:
                    if let row = URLReport.read(jsonBytes: text) {
                        try decodeBatch()
                        try checked(row, in: path, at: table.count)
                        table.append(row)
                        continue
                    }
                case .openedApp:
                    if let row = URLReport.read(jsonBytes: text, only: URLReport.baselineFields) {
                        try decodeBatch()
                        table.append(given: row.url, opensApp: row.opensApp, unknown: row.unknown)
                        continue
                    }
                }
                if !lines.isEmpty { batch += ",".utf8 }
                lines.append(line)
                batch += text
                if lines.count == ReportReader.batchRows || batch.count > 1 << 20 { try decodeBatch() }
            } while try scanner.take(UInt8(ascii: ","))
            guard try scanner.take(UInt8(ascii: "]")) else { throw try scanner.unexpected("',' or ']'") }
            try decodeBatch()
            return table
        }

        /// A URL row whose numbers are all in range (its place `urls[position]` is named only when one is not).
        func checked(_ row: URLReport, in urls: String, at position: Int) throws {
            guard let problem = ReportNumbers.problem(in: row, root: { "\(urls)[\(position)]" }) else { return }
            throw Problem(text: problem)
        }

        /// Walks an object's members: `special` consumes the value of a member it handles and returns true;
        /// every other value is kept and handed to `other` with its key (both as JSON text).
        func members(
            _ scanner: inout JSONScanner, of what: String, limit: Int? = nil,
            special: (inout JSONScanner, [UInt8]) throws -> Bool, other: ([UInt8], [UInt8]) throws -> Void
        ) throws {
            guard try scanner.take(UInt8(ascii: "{")) else { throw try scanner.unexpected("'{'") }
            if try scanner.take(UInt8(ascii: "}")) { return }
            let limit = limit ?? self.limit
            var size = 0
            repeat {
                try scanner.skipWhitespace()
                guard try scanner.peek() == UInt8(ascii: "\"") else { throw try scanner.unexpected("a member name") }
                let key = try scanner.keep(limit: 4_096) { try $0.string() }
                try scanner.expect(UInt8(ascii: ":"))
                if try special(&scanner, key) { continue }
                try scanner.skipWhitespace()
                let value = try scanner.keep(limit: limit) { try $0.value() }
                size += value.count
                guard size <= limit else {
                    throw scanner.failure("\(what) takes more than \(JSONScanner.size(limit)); this reader stops there")
                }
                try other(key, value)
            } while try scanner.take(UInt8(ascii: ","))
            guard try scanner.take(UInt8(ascii: "}")) else { throw try scanner.unexpected("',' or '}'") }
        }

        /// `type` read from `text`: by `JSONByteDecoder` when this process wrote it (`trusted`), else by JSONDecoder,
        /// which also reads (or names what is wrong with) what the byte reader leaves.
        func decode<T: Decodable>(_ type: T.Type, _ text: [UInt8], at place: (path: String, line: Int?)?) throws -> T {
            if trusted, let value = JSONByteDecoder.decode(type, from: text) { return value }
            do {
                return try decoder.decode(type, from: Data(text))
            } catch let error as DecodingError {
                throw Problem(text: describe(error, root: place?.path, line: place?.line, dropFirst: 0))
            }
        }
    }

    /// Of a URL row, what a baseline compares (`URLReport.baselineFields`), the other members left unread.
    struct OpenedApp: Decodable {
        var row: URLReport

        init(from decoder: any Decoder) throws {
            row = try URLReport.jsonFields.decode(from: decoder, only: URLReport.baselineFields)
        }
    }

    /// An object's members as JSON text, in the order read, for JSONDecoder.
    struct Shell {
        private var members = Array("{".utf8)

        mutating func add(_ key: [UInt8], _ value: [UInt8]) {
            if members.count > 1 { members += ",".utf8 }
            members += key
            members += ":".utf8
            members += value
        }

        var json: [UInt8] { members + "}".utf8 }
    }

    /// A DecodingError in one line: where in the report (`domains[2].findings[0].severity`), then what.
    static func describe(_ error: DecodingError, root: String?, line: Int?, dropFirst: Int) -> String {
        var path = root ?? ""
        var what: String
        let keys = error.context.codingPath.dropFirst(dropFirst)
        switch error {
        case .keyNotFound(let key, _):
            what = "missing \"\(key.stringValue)\""
        case .typeMismatch(let type, _):
            what = "expected \(kind(type))"
        case .valueNotFound(let type, _):
            what = "null where \(kind(type)) is expected"
        case .dataCorrupted(let context):
            what = context.debugDescription
            if let underlying = context.underlyingError {
                what += " (\(String(describing: underlying).split(separator: "\n").first ?? ""))"
            }
        @unknown default:
            what = String(describing: error).split(separator: "\n").first.map(String.init) ?? "not a report"
        }
        for key in keys {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        let place = [line.map { "line \($0)" }, path.isEmpty ? nil : path].compactMap { $0 }.joined(separator: ", ")
        return place.isEmpty ? what : "\(place): \(what)"
    }

    static func kind(_ type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Array") { return "a list" }
        if name.hasPrefix("Dictionary") { return "an object" }
        if name == "String" { return "a string" }
        if name == "Bool" { return "true or false" }
        if ["Int", "Int32", "Int64", "Double", "UInt8"].contains(name) { return "a number" }
        return name
    }
}

extension DecodingError {
    var context: DecodingError.Context {
        switch self {
        case .keyNotFound(_, let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
            .dataCorrupted(let context):
            return context
        @unknown default:
            return DecodingError.Context(codingPath: [], debugDescription: "")
        }
    }
}
