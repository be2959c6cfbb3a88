/// The parts of an AASA file that matching and the checks reason about, read leniently the way swcd does:
/// wrong types are skipped here and reported by the checks.
public struct AASADocument: Sendable {
    public enum DetailsForm: Sendable { case array, dictionary, missing, invalid }
    public enum RuleFormat: String, Sendable, Codable, CaseIterable { case components, paths }

    /// One `details` entry: the apps it lists and the rules that decide for them.
    public struct Entry: Sendable {
        /// Its index in the file's `details` array (or member position in the legacy dictionary form): what reports name.
        public var detailsIndex: Int
        /// The entry's object (for the legacy dictionary form, the value under the appID key).
        public var node: JSONNode
        /// Effective app IDs: `appIDs` when it is an array, else `appID` (legacy form: the key).
        public var appIDs: [(id: String, node: JSONNode)]
        public var defaults: JSONNode?
        public var ruleFormat: RuleFormat?
        /// The `components` objects, or the `paths` strings.
        public var rules: [JSONNode]
    }

    public var root: JSONNode
    public var applinks: JSONNode?
    public var detailsForm: DetailsForm
    public var entries: [Entry]
    public var domainDefaults: JSONNode?
    /// Custom variables as swcd reads them: a string counts as a one-item list; values with `$(` are ignored.
    public var substitutionVariables: [String: [String]]

    public init(root: JSONNode) {
        self.root = root
        applinks = root[AppleService.applinks].flatMap { $0.members != nil ? $0 : nil }
        domainDefaults = applinks?["defaults"].flatMap { $0.members != nil ? $0 : nil }
        var variables: [String: [String]] = [:]
        for member in applinks?["substitutionVariables"]?.members ?? [] {
            let values: [String]
            if let list = member.value.elements {
                values = list.compactMap(\.string)
            } else if let single = member.value.string {
                values = [single]
            } else {
                continue
            }
            variables[member.key] = values.filter { !$0.contains("$(") }
        }
        substitutionVariables = variables
        entries = []
        guard let details = applinks?["details"] else {
            detailsForm = .missing
            return
        }
        switch details.value {
        case .array(let items):
            detailsForm = .array
            for (index, item) in items.enumerated() where item.members != nil {
                entries.append(AASADocument.entry(index: index, node: item, legacyID: nil))
            }
        case .object(let members):
            detailsForm = .dictionary
            for (index, member) in members.enumerated() where member.value.members != nil {
                let keyNode = JSONNode(
                    value: .string(member.key), pointer: member.value.pointer, position: member.keyPosition)
                entries.append(AASADocument.entry(index: index, node: member.value, legacyID: keyNode))
            }
        default:
            detailsForm = .invalid
        }
    }

    static func entry(index: Int, node: JSONNode, legacyID: JSONNode?) -> Entry {
        var ids: [(String, JSONNode)] = []
        if let legacyID, let id = legacyID.string {
            ids = [(id, legacyID)]
        } else if let list = node["appIDs"]?.elements {
            ids = list.compactMap { item in item.string.map { ($0, item) } }
        } else if let single = node["appID"], let id = single.string {
            ids = [(id, single)]
        }
        var format: RuleFormat?
        var rules: [JSONNode] = []
        if let components = node["components"]?.elements {
            format = .components
            rules = components
        } else if let paths = node["paths"]?.elements {
            format = .paths
            rules = paths
        }
        return Entry(
            detailsIndex: index, node: node, appIDs: ids,
            defaults: node["defaults"].flatMap { $0.members != nil ? $0 : nil },
            ruleFormat: format, rules: rules)
    }

    /// Every app listed for applinks, in file order, each once.
    public var applinksAppIDs: [String] {
        var seen = Set<String>()
        return entries.flatMap { $0.appIDs.map(\.id) }.filter { seen.insert($0).inserted }
    }

    /// The first entry that lists the app: only that one counts (swcd keys its set by app, service and domain).
    public func entry(for appID: String) -> Entry? {
        entries.first { $0.appIDs.contains { $0.id == appID } }
    }
}
