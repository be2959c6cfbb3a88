/// Each distinct tapped URL's chain, followed once per run: an email repeats its links (header and footer), and
/// following one twice would register two clicks.
actor ChainMemo {
    let follower: LinkChainFollower
    private var chains: [String: Task<LinkChainFollower.Chain?, Never>] = [:]

    init(follower: LinkChainFollower) { self.follower = follower }

    /// Nil when the run was cancelled.
    func chain(for url: String) async -> LinkChainFollower.Chain? {
        if let task = chains[url] { return await task.value }
        let follower = self.follower
        let task = Task { await follower.follow(url) }
        chains[url] = task
        return await task.value
    }
}
