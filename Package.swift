// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "aasa-audit",
    products: [
        .executable(name: "aasa-audit", targets: ["aasa-audit"])
    ],
    targets: [
        // MARK: Core (pure Swift, no C headers)
        /// Document model, decoding with positions, checks, the swcd-faithful matcher.
        .target(name: "AASA"),

        /// Orchestration: domains → exchanges → checks → crawl → reports. The fetcher and the crawler come in through
        /// AASA's `HTTPFetching` and `SiteCrawling`: the executable hands in the libcurl and libxml2 ones, unit tests
        /// canned ones, so `Audit` and its unit tests build with no C library.
        .target(name: "Audit", dependencies: ["AASA"]),

        /// Pure writers: AuditReport → HTML, CSV, Markdown, JUnit, SARIF text.
        .target(name: "Reporting", dependencies: ["AASA", "Audit"]),

        // MARK: Adapters over C libraries
        /// libcurl behind Swift types; the only importer of CCurl (`internal import`: importers never see C types).
        .target(name: "Fetching", dependencies: ["AASA", "CCurl"]),

        /// AndroidManifest.xml read with libxml2 into AASA's `ManifestNode` (network and entities off, size capped).
        .target(name: "ManifestXML", dependencies: ["AASA", "CLibXML2"]),

        /// Crawl: frontier, robots.txt, sitemaps, the libxml2 link scanner, per-URL verdicts.
        .target(name: "Crawling", dependencies: ["AASA", "Fetching", "CHTMLScan"]),

        // MARK: C shims
        /// libcurl with typed wrappers for its variadic calls.
        .systemLibrary(
            name: "CCurl", pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]),
        /// libxml2; seen by CHTMLScan and ManifestXML (its shim drops the ICU declarations that clash with Foundation's).
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        /// libxml2 SAX push scanner whose public header names no libxml2 type.
        .target(name: "CHTMLScan", dependencies: ["CLibXML2"]),
        /// The git commit `--version` names: Scripts/package writes it into a header in its build folder.
        .target(name: "CBuildInfo"),

        // MARK: Command line
        /// The command layer: option declarations, the parser, help/man/completions, one file per command,
        /// terminal rendering; wires the libcurl fetcher and the libxml2 crawler into Audit.
        .target(
            name: "AuditCLI",
            dependencies: ["AASA", "Audit", "Crawling", "Fetching", "ManifestXML", "Reporting", "CBuildInfo"]),

        // MARK: Executables
        /// Signal and main-thread set-up around one call into AuditCLI.
        .executableTarget(name: "aasa-audit", dependencies: ["AuditCLI"]),
        /// Benchmarks run by Scripts/bench (Fetching for libcurl's URL resolver beside the WHATWG parser).
        .executableTarget(name: "aasa-bench", dependencies: ["AASA", "Crawling", "Fetching"]),
        /// The web's own test suites (WHATWG URL, Google's robots.txt, html5lib) against the real code: Scripts/conformance.
        .executableTarget(name: "aasa-conformance", dependencies: ["AASA", "Crawling"]),

        // MARK: Tests
        /// The fixture HTTPS server and the binary runner, shared by the test targets.
        .target(name: "TestSupport", dependencies: ["AASA"], path: "Tests/TestSupport"),
        .testTarget(name: "AASATests", dependencies: ["AASA", "TestSupport"]),
        /// Unit tests of the orchestration on canned exchanges and crawls: pure Swift, no C library.
        .testTarget(name: "AuditTests", dependencies: ["Audit", "AASA"]),
        .testTarget(
            name: "ReportingTests",
            dependencies: ["Reporting", "Audit", "AASA", "CLibXML2", "ManifestXML", "TestSupport"],
            exclude: ["Snapshots"]),
        .testTarget(name: "FetchingTests", dependencies: ["Fetching", "AASA", "TestSupport"]),
        /// `Audit` on the real libcurl fetcher against the fixture server.
        .testTarget(name: "IntegrationTests", dependencies: ["Audit", "AASA", "Fetching", "TestSupport"]),
        .testTarget(name: "HTMLScanTests", dependencies: ["CHTMLScan", "TestSupport"]),
        .testTarget(name: "ManifestXMLTests", dependencies: ["ManifestXML", "AASA"]),
        .testTarget(name: "CrawlingTests", dependencies: ["Crawling", "AASA", "Fetching", "TestSupport"]),
        .testTarget(name: "CLITests", dependencies: ["AuditCLI", "AASA", "Audit", "TestSupport"]),
        .testTarget(name: "EndToEndTests", dependencies: ["AASA", "Audit", "TestSupport"]),
    ]
)
