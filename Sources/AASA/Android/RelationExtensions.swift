/// What the `android-dynamic-*` checks read: one statement's `relation_extensions` value as decoded (positions and
/// JSON Pointers of the assetlinks.json it came from), read once into `DynamicRules`.
public struct RelationExtensions: Hashable, Sendable, ExpressibleByStringLiteral {
    public var node: JSONNode
    public var rules: DynamicRules

    public init(_ node: JSONNode) {
        self.node = node
        self.rules = DynamicRules.read(node)
    }

    /// JSON text, for the checks' examples; text that is not JSON reads as `null`.
    public init(stringLiteral text: String) {
        let node =
            (try? JSONParser.parse(Array(text.utf8)))
            ?? JSONNode(value: .null, pointer: "", position: SourcePosition(line: 1, column: 1, offset: 0))
        self.init(node)
    }
}
