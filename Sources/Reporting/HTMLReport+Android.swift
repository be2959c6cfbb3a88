import AASA
import Audit

extension HTMLReport {
    /// A domain's Android App Links audit beside its iOS one: the verdict of its Android findings, and for each app
    /// its assetlinks.json grants whether AOSP's verifier and Google's would verify it, with the reason when not.
    static func androidSection(_ a: AndroidSummary) -> String {
        var h =
            "<h3>Android App Links \(badge(a.verdict.rawValue, a.verdict.rawValue))</h3>"
            + "<p class=\"note\">assetlinks.json: \(a.statements) statement(s); "
            + "AOSP is Android 12+ without Google Play services, Google is Play services' and Google's tools' reading.</p>"
        guard !a.apps.isEmpty else {
            return h + "<p>No app is granted App Links (delegate_permission/common.handle_all_urls) here.</p>"
        }
        h +=
            "<div class=\"scroll\"><table class=\"t\"><thead><tr><th>package</th><th>fingerprints</th><th>AOSP</th>"
            + "<th>Google</th></tr></thead><tbody>"
        func verdict(_ verified: Bool, _ reason: String?) -> String {
            verified ? badge("verified", "pass") : badge("not verified", "fail") + " " + escapeHTML(reason ?? "")
        }
        for app in a.apps {
            h += "<tr><td><code>\(escapeHTML(app.package))</code></td><td>"
            h += app.fingerprints.map { "<code>\(escapeHTML($0))</code>" }.joined(separator: "<br>")
            h +=
                "</td><td>\(verdict(app.aosp, app.aospReason))</td><td>\(verdict(app.google, app.googleReason))</td></tr>"
        }
        return h + "</tbody></table></div>"
    }
}
