extension FindingSink {
    /// A finding on a line of `file` that has no JSON Pointer or column (an AndroidManifest.xml element, as libxml2
    /// reports its line only).
    public mutating func add(
        _ check: CheckDescription, file: String, line: Int, severity: Severity? = nil, _ message: String, why: String,
        fix: String
    ) {
        append(
            Finding(
                id: check.id, severity: severity ?? check.severity, message: message,
                location: FindingLocation(url: file, line: line), why: why, hint: fix, reference: check.reference))
    }
}
