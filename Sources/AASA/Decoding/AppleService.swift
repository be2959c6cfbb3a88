/// The Apple services an associated-domains file and an entitlement name: the one list the decoder, the checks,
/// the entitlements and the domain parser read (Apple: "Supporting associated domains").
public enum AppleService {
    /// The service whose section holds `details` and rules rather than a list of apps.
    public static let applinks = "applinks"
    /// The services whose section is `{"apps": [...]}`, in the order Apple documents them.
    public static let withAppList = ["webcredentials", "appclips", "activitycontinuation"]
    /// Every service a file or an entitlement entry may name, applinks first.
    public static let all = [applinks] + withAppList
}
