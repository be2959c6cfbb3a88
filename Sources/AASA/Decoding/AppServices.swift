/// One app and the services a file grants it, in the report's shape.
public struct AppServices: Codable, Hashable, Sendable {
    public var appID: String
    public var services: [String]

    public init(appID: String, services: [String]) {
        self.appID = appID
        self.services = services
    }

    public static func list(_ document: AASADocument) -> [AppServices] {
        var order: [String] = []
        var services: [String: [String]] = [:]
        func add(_ id: String, _ service: String) {
            if services[id] == nil { order.append(id) }
            if !(services[id, default: []].contains(service)) { services[id, default: []].append(service) }
        }
        for id in document.applinksAppIDs { add(id, AppleService.applinks) }
        for service in AppleService.withAppList {
            for node in document.root[service]?["apps"]?.elements ?? [] { if let id = node.string { add(id, service) } }
        }
        return order.map { AppServices(appID: $0, services: services[$0]!) }
    }
}
