/// What tapping a link does, decided in the order of `LinkJudge`; `rank` orders them worst first.
public enum LinkTier: String, Codable, Sendable, CaseIterable {
    case broken
    case never
    case safariFirst = "safari-first"
    case customScheme = "custom-scheme"
    case opensApp = "opens-app"

    /// 0 is the worst: tables list links worst first, and `--fail-on` fails a run at its tier and any worse one.
    public var rank: Int {
        switch self {
        case .broken: 0
        case .never: 1
        case .safariFirst: 2
        case .customScheme: 3
        case .opensApp: 4
        }
    }

    /// Whether a link of this tier fails a run run with `--fail-on threshold` (only broken, never and
    /// safari-first can: opening the app and custom schemes never fail a run).
    public func fails(at threshold: LinkTier) -> Bool {
        rank <= LinkTier.safariFirst.rank && rank <= threshold.rank
    }
}
