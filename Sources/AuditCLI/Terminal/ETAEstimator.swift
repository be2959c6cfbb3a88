/// The progress line's ETA: the observed completion rate (domains finished per second since the start) gives
/// the time left at each completion, and between completions that estimate counts down with the clock. It
/// therefore only ever rises when a completion shows the rate has fallen, never merely because time passes
/// while a slow domain is still working (the old `elapsed / done × left` grew every second between
/// completions).
struct ETAEstimator {
    let total: Int
    /// The run's start, in seconds on the caller's clock.
    let started: Double
    private(set) var done = 0
    /// When the last completion was seen and the time left estimated then.
    private var last: (at: Double, left: Double)?

    init(total: Int, started: Double) {
        self.total = total
        self.started = started
    }

    /// `done` domains have finished at `now` (seconds on the same clock as `started`); a repeated count changes
    /// nothing.
    mutating func record(done count: Int, at now: Double) {
        guard count > done else { return }
        done = count
        let elapsed = max(0.001, now - started)
        last = (now, elapsed / Double(count) * Double(max(0, total - count)))
    }

    /// Seconds left at `now`, rounded up; nil before the first completion and after the last.
    func secondsLeft(at now: Double) -> Int? {
        guard let last, done < total else { return nil }
        let left = max(0, last.left - max(0, now - last.at))
        return Int(left.rounded(.up))
    }
}
