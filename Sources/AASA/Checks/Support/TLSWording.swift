/// Shared wording for the TLS checks.
enum TLSWording {
    /// " (subject …, issuer …)", or nothing when neither is known (a certificate that could not be read): never
    /// empty parentheses.
    static func parenthesised(_ tls: TLSFacts) -> String {
        let text = certificate(tls)
        return text.isEmpty ? "" : " (\(text))"
    }

    static func certificate(_ tls: TLSFacts) -> String {
        [tls.subject.map { "subject \($0)" }, tls.issuer.map { "issuer \($0)" }].compactMap { $0 }.joined(
            separator: ", ")
    }

    /// The well-known exchange when its TLS facts show `problems`.
    static func exchange(_ probe: DomainProbe, _ problems: Set<TLSProblem>) -> (Exchange, TLSFacts)? {
        guard let e = probe.wellKnown, let tls = e.tls, let problem = tls.problem, problems.contains(problem) else {
            return nil
        }
        return (e, tls)
    }
}
