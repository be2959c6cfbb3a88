import AASA

/// Which URLs `match` answers. An http(s) URL is matched as a browser requests it and an absolute path (`/shop/1`)
/// as written, since a file's rules read only the path, query and fragment. A value with no scheme
/// (`acme.com/account/delete`, `//acme.com/x`, `shop/1`) is refused: answering "not an http(s) URL, stays on the
/// web" would be a false "no" for the URL the user meant. Another scheme (`myapp://x`, `ftp://x`) truly never opens
/// an app as a universal link and is answered so, but is refused under `--expect`: whether it opens an app is up
/// to whichever app claims the scheme, which no AASA file decides.
enum MatchURLs {
    /// Why `given` is not matched (`expecting`: `--expect` was given), or nil when it is.
    static func refusal(_ given: String, expecting: Bool) -> String? {
        if given.isEmpty { return "an empty URL" }
        if given.hasPrefix("//") { return "has no scheme: did you mean https:\(given)?" }
        if given.hasPrefix("/") { return nil }
        guard let scheme = URLAuthority.scheme(of: given), !looksLikeHostAndPort(given, scheme: scheme) else {
            let host = given.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            return host.contains(".") || host.lowercased().hasPrefix("localhost")
                ? "has no scheme: did you mean https://\(given)?"
                : "is neither an http(s) URL nor an absolute path: write https://HOST/PATH or /PATH"
        }
        if scheme == "http" || scheme == "https" || !expecting { return nil }
        return "uses the \(scheme): scheme, not http(s): universal links are http and https only, and which app opens "
            + "\(scheme): is not decided by an apple-app-site-association file, so --expect cannot judge it"
    }

    /// `acme.com:8443/x` and `localhost:8080/x` parse as a scheme followed by a path; a real scheme has no dot and
    /// is not followed by a port number.
    static func looksLikeHostAndPort(_ given: String, scheme: String) -> Bool {
        if scheme.contains(".") { return true }
        let rest = given.dropFirst(scheme.count + 1)
        return rest.first?.isNumber == true && rest.prefix { $0 != "/" }.allSatisfy(\.isNumber)
    }
}
