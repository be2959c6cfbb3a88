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
    private var answers: [String: Task<Answer, Never>] = [:]

    init(fetcher: any HTTPFetching) { self.fetcher = fetcher }

    /// `failure` is `.cancelled` when the run was.
    func answer(for url: String) async -> Answer {
        if let task = answers[url] { return await DomainFiles.value(of: task) }
        let fetcher = self.fetcher
        let task = Task { () -> Answer in
            let exchange = await fetcher.fetch(LinkChainFollower.request(LinkURL.requestForm(url)))
            return Answer(
                status: exchange.httpStatus, location: exchange.header("location"), redirectTo: exchange.redirectTo,
                failure: exchange.failure, error: exchange.error,
                scriptRedirect: LinkChainFollower.scriptRedirect(exchange))
        }
        answers[url] = task
        return await DomainFiles.value(of: task)
    }
}
