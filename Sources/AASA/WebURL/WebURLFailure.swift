public struct WebURL {
    public struct Failure: Error, Sendable, Equatable {
        public var reason: String; public init(reason: String) { self.reason = reason }
    }
}
