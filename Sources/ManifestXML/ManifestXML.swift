import AASA
internal import CLibXML2

/// Reads an AndroidManifest.xml (as text: a source or merged manifest, not the binary XML inside an APK) with
/// libxml2's XML parser into `ManifestNode`s, with the network off (`XML_PARSE_NONET`), entities left unexpanded (no
/// `XML_PARSE_NOENT`), no DTD loaded and a size cap. A manifest with a DOCTYPE is refused before parsing: Android
/// manifests have none, and refusing it leaves no entity for a hostile file to expand.
public enum ManifestXML {
    /// Why a file could not be read, one sentence naming the file.
    public struct Refusal: Error, Hashable, Sendable {
        public var reason: String
    }

    /// Far above any real manifest (a large merged manifest is a few hundred KiB).
    public static let maximumBytes = 8 << 20
    /// Deeper nesting than any manifest has is refused rather than walked.
    static let maximumDepth = 64

    public static func parse(_ bytes: [UInt8], name: String) throws(Refusal) -> ManifestNode {
        guard bytes.count <= maximumBytes else {
            throw Refusal(reason: "\(name) is larger than \(maximumBytes >> 20) MiB, far more than a manifest")
        }
        guard !bytes.isEmpty else { throw Refusal(reason: "\(name) is empty, not an AndroidManifest.xml") }
        if contains(bytes, "<!DOCTYPE") {
            throw Refusal(reason: "\(name) has a DOCTYPE, which no AndroidManifest.xml has: not read")
        }
        xmlInitParser()
        guard let context = xmlNewParserCtxt() else {
            throw Refusal(reason: "\(name) could not be parsed: out of memory")
        }
        defer { xmlFreeParserCtxt(context) }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                xmlCtxtReadMemory(context, $0, Int32(buffer.count), name, nil, options)
            }
        }
        guard let document else {
            let error = context.pointee.lastError
            let message = error.message.map { String(cString: $0) }?.trimmingSpaces ?? "not well-formed"
            throw Refusal(reason: "\(name) is not well-formed XML at line \(error.line): \(message)")
        }
        defer { xmlFreeDoc(document) }
        // A DOCTYPE the byte scan missed (another encoding) is refused all the same.
        if document.pointee.intSubset != nil || document.pointee.extSubset != nil {
            throw Refusal(reason: "\(name) has a DOCTYPE, which no AndroidManifest.xml has: not read")
        }
        guard let root = xmlDocGetRootElement(document), string(root.pointee.name) == "manifest" else {
            throw Refusal(reason: "\(name) is not an AndroidManifest.xml: its root element is not <manifest>")
        }
        return try node(root, depth: 0, name: name)
    }

    static func node(_ element: xmlNodePtr, depth: Int, name: String) throws(Refusal) -> ManifestNode {
        guard depth < maximumDepth else {
            throw Refusal(reason: "\(name) nests elements more than \(maximumDepth) deep: not read")
        }
        var attributes: [ManifestNode.Attribute] = []
        var attribute = element.pointee.properties
        while let current = attribute {
            attributes.append(
                ManifestNode.Attribute(
                    namespace: current.pointee.ns.map { string($0.pointee.href) },
                    name: string(current.pointee.name), value: text(current.pointee.children)))
            attribute = current.pointee.next
        }
        var children: [ManifestNode] = []
        var child = element.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE {
                children.append(try node(current, depth: depth + 1, name: name))
            }
            child = current.pointee.next
        }
        return ManifestNode(
            name: string(element.pointee.name), attributes: attributes, line: Int(xmlGetLineNo(element)),
            children: children)
    }

    /// An attribute's value: its text nodes, and the predefined entities (`&amp;` …) libxml2 may keep as references.
    static func text(_ first: xmlNodePtr?) -> String {
        var out = ""
        var node = first
        while let current = node {
            if current.pointee.type == XML_TEXT_NODE, let content = current.pointee.content {
                out += string(content)
            } else if current.pointee.type == XML_ENTITY_REF_NODE,
                let entity = xmlGetPredefinedEntity(current.pointee.name), let content = entity.pointee.content
            {
                out += string(content)
            }
            node = current.pointee.next
        }
        return out
    }

    static func string(_ pointer: UnsafePointer<xmlChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    static func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            if bytes[start..<(start + pattern.count)].elementsEqual(pattern) { return true }
        }
        return false
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.last?.isWhitespace == true { text = text.dropLast() }
        while text.first?.isWhitespace == true { text = text.dropFirst() }
        return String(text)
    }
}
