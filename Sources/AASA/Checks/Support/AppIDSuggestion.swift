/// The listed app ID a given one most likely meant: the same bundle ID when the Team ID was left off
/// (`com.acme.shop` for `9JA89QQLNQ.com.acme.shop`), else the one ID one or two characters away (a mistyped Team ID
/// or bundle ID). `match --app-id` and `entitlement-app-missing` use it for their did-you-mean.
public enum AppIDSuggestion {
    public static func nearest(to given: String, among listed: [String]) -> String? {
        let listed = Array(Set(listed)).sorted()
        guard !listed.contains(given) else { return nil }
        let sameBundle = listed.filter { $0.hasSuffix("." + given) && $0.count == given.count + 11 }
        if sameBundle.count == 1 { return sameBundle[0] }
        let scored = listed.map { ($0, editDistance(given, $0)) }.filter { $0.1 <= 2 }
        guard let best = scored.map(\.1).min() else { return nil }
        let closest = scored.filter { $0.1 == best }
        return closest.count == 1 ? closest[0].0 : nil
    }

    /// Why `id` is not `<10-character Team ID>.<bundle ID>`, or nil when it is.
    public static func formatProblem(_ id: String) -> String? { AppIDRules.formatProblem(id) }
}
