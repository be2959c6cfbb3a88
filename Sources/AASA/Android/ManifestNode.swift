/// One XML element of an AndroidManifest.xml as the XML reader hands it over: its name, its attributes with their
/// namespace URIs resolved and values as the XML parser gives them (entities and character references decoded, not
/// yet unescaped as aapt2 does), its line and its child elements. Kept free of libxml2 so the manifest model stays in
/// the pure core.
public struct ManifestNode: Hashable, Sendable {
    public struct Attribute: Hashable, Sendable {
        public var namespace: String?
        public var name: String
        public var value: String

        public init(namespace: String?, name: String, value: String) {
            self.namespace = namespace
            self.name = name
            self.value = value
        }
    }

    public var name: String
    public var attributes: [Attribute]
    public var line: Int
    public var children: [ManifestNode]

    public init(name: String, attributes: [Attribute], line: Int, children: [ManifestNode]) {
        self.name = name
        self.attributes = attributes
        self.line = line
        self.children = children
    }

    public static let androidNamespace = "http://schemas.android.com/apk/res/android"

    /// The value of `android:NAME`, as written.
    public func android(_ name: String) -> String? {
        attributes.first { $0.namespace == Self.androidNamespace && $0.name == name }?.value
    }

    /// The value of an attribute in no namespace (the manifest's `package`).
    public func plain(_ name: String) -> String? {
        attributes.first { $0.namespace == nil && $0.name == name }?.value
    }
}
