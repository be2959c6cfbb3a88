/// A response's Content-Type as a URL row shows it (report.json's `contentType`, urls.csv's `content_type`): as the
/// server sent it, so a wrong or odd type can be seen as it is, but without control characters (a header value may
/// carry any byte but CR and LF) and at most `limit` characters.
enum ShownContentType {
    static let limit = 200

    /// nil when no type came, or nothing of it is left.
    static func of(_ sent: String?) -> String? {
        guard let sent else { return nil }
        let kept = String(
            String.UnicodeScalarView(sent.unicodeScalars.filter { $0.properties.generalCategory != .control }))
        return kept.isEmpty ? nil : String(kept.prefix(limit))
    }
}
