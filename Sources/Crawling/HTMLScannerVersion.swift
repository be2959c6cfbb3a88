internal import CHTMLScan

/// The libxml2 version the link scanner runs on, for `aasa-audit --version`.
public var libxml2Version: String { String(cString: chtmlscan_libxml_version()) }
