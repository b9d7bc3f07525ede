extension Duration {
    /// The duration in seconds, fractions included: what reports print and divide by.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
