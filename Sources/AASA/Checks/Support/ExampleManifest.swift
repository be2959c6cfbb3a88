/// AndroidManifest.xml trees for the manifest checks' examples, built by hand: the XML reader lives in another
/// target, and a tree says exactly which line each element is on.
enum ExampleManifest {
    static let file = "AndroidManifest.xml"

    /// `<data>` with these `android:` attributes, on `line`.
    static func data(_ attributes: [String: String], line: Int) -> ManifestNode {
        element("data", attributes, line: line)
    }

    /// An element with `android:` attributes (sorted by name, so examples read the same each run).
    static func element(
        _ name: String, _ attributes: [String: String], line: Int, children: [ManifestNode] = []
    )
        -> ManifestNode
    {
        ManifestNode(
            name: name,
            attributes: attributes.sorted { $0.key < $1.key }.map {
                ManifestNode.Attribute(namespace: ManifestNode.androidNamespace, name: $0.key, value: $0.value)
            }, line: line, children: children)
    }

    /// An `<intent-filter>` on `line` with VIEW, DEFAULT and BROWSABLE (minus `without`), autoVerify when asked,
    /// and the given `<data>` elements after them.
    static func filter(
        autoVerify: Bool = true, without: Set<String> = [], line: Int, data: [ManifestNode]
    ) -> ManifestNode {
        let names = [
            ("action", "android.intent.action.VIEW"), ("category", "android.intent.category.DEFAULT"),
            ("category", "android.intent.category.BROWSABLE"),
        ].filter { !without.contains($0.1) }
        let children = names.enumerated().map { element($1.0, ["name": $1.1], line: line + 1 + $0) } + data
        return element("intent-filter", autoVerify ? ["autoVerify": "true"] : [:], line: line, children: children)
    }

    /// `<data android:scheme="https" android:host=HOST>` on `line`.
    static func https(_ host: String, line: Int) -> [ManifestNode] {
        [data(["scheme": "https"], line: line), data(["host": host], line: line + 1)]
    }

    /// A manifest for `com.acme.shop` whose one activity (on line 3) has these filters.
    static func manifest(_ filters: [ManifestNode], package: String = "com.acme.shop") -> AndroidManifest {
        let activity = element("activity", ["name": ".MainActivity"], line: 3, children: filters)
        let application = element("application", [:], line: 2, children: [activity])
        let root = ManifestNode(
            name: "manifest", attributes: [.init(namespace: nil, name: "package", value: package)], line: 1,
            children: [application])
        return AndroidManifest(root: root, file: file)
    }

    /// A manifest whose one filter, on line 4 (so its `<data>` elements start on line 7), has these `<data>`
    /// elements.
    static func oneFilter(autoVerify: Bool = true, without: Set<String> = [], data: [ManifestNode]) -> AndroidManifest {
        manifest([filter(autoVerify: autoVerify, without: without, line: 4, data: data)])
    }

    /// A manifest whose one filter Android 12+ verifies for shop.example.com.
    static let verified = oneFilter(data: https("shop.example.com", line: 7))
}

/// Manifest examples: the verified manifest passes (and any others given), the failing manifests are given.
extension Examples where Evidence == AndroidManifest {
    static func verifiedPassing(also passing: [AndroidManifest] = [], failing: Example<AndroidManifest>...) -> Examples
    {
        Examples(passing: ([ExampleManifest.verified] + passing).map { .passing($0) }, failing: failing)
    }
}
