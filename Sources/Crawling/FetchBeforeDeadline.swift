import AASA

extension HTTPFetching {
    /// `fetch`, cancelled at `deadline` if it is still running: the crawl budget bounds robots.txt and the sitemaps
    /// as well as the pages, whatever `--timeout` allows one transfer (a robots.txt that drips a byte a second would
    /// otherwise hold the crawl for the whole timeout). Cancelling the calling task cancels the fetch as before.
    func fetch(_ request: FetchRequest, before deadline: ContinuousClock.Instant) async -> Exchange {
        await withTaskGroup(of: Exchange?.self) { group in
            group.addTask { await self.fetch(request) }
            group.addTask {
                // A sleep may wake a little early (its timer runs on another clock): the deadline is looked at again.
                while ContinuousClock.now < deadline && !Task.isCancelled {
                    try? await Task.sleep(until: deadline, clock: .continuous)
                }
                return nil
            }
            var exchange: Exchange?
            // Whichever ends first ends the other: the fetch stops the timer, the deadline cancels the fetch, which
            // then comes back cancelled.
            while let next = await group.next() {
                if let next { exchange = next }
                group.cancelAll()
            }
            return exchange
                ?? Exchange(
                    location: request.location, url: request.url, userAgent: request.policy.userAgent,
                    failure: .cancelled)
        }
    }
}
