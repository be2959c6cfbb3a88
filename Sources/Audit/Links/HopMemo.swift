import AASA

/// Each URL of any chain fetched once per run: an email repeats its links, campaigns land on the same pages, and
/// a tracking URL fetched twice registers two clicks. Only what the chain rules read is kept (no body).
actor HopMemo {
    /// What one fetch of a hop told.
    struct Answer: Sendable {
        var status: Int?
        var location: String?
        /// libcurl's resolution of `location` against the hop's URL.
        var redirectTo: String?
        var failure: FetchFailure?
        var error: String?
        /// A meta refresh or script redirect noticed on the page.
        var scriptRedirect: String?
    }

    let fetcher: any HTTPFetching
    /// A fetch in flight, then its answer: a finished Task kept per URL held on to its task allocator.
    private enum Slot {
        case fetching(Task<Answer, Never>)
        case answered(Answer)
    }
    private var answers: [String: Slot] = [:]

    init(fetcher: any HTTPFetching) { self.fetcher = fetcher }

    /// URLs whose fetch has not finished (each finished one keeps only its answer).
    var fetchesInFlight: Int {
        answers.values.count {
            if case .fetching = $0 { return true }
            return false
        }
    }

    /// `failure` is `.cancelled` when the run was, `.refused` when a guarded hop's host resolves to this machine or a
    /// private network. Whether a URL is guarded depends only on its host, so the first answer serves every chain.
    func answer(for url: String, guarded: Bool = false) async -> Answer {
        switch answers[url] {
        case .answered(let answer): return answer
        case .fetching(let task): return await DomainFiles.value(of: task)
        case nil: break
        }
        let fetcher = self.fetcher
        let task = Task { () -> Answer in
            let exchange = await fetcher.fetch(
                LinkChainFollower.request(LinkURL.requestForm(url), guarded: guarded))
            return Answer(
                status: exchange.httpStatus, location: exchange.header("location"), redirectTo: exchange.redirectTo,
                failure: exchange.failure, error: exchange.error,
                scriptRedirect: LinkChainFollower.scriptRedirect(exchange))
        }
        answers[url] = .fetching(task)
        let answer = await DomainFiles.value(of: task)
        if answer.failure != .cancelled { answers[url] = .answered(answer) }
        return answer
    }
}
