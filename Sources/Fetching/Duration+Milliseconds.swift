extension Duration {
    /// The duration in milliseconds, as the report's timings give them.
    var milliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
