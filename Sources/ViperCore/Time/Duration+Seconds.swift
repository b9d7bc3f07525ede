extension Duration {
    /// The duration in seconds, fractions included: what timers add to an instant, and what
    /// reports print and divide by.
    package var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
