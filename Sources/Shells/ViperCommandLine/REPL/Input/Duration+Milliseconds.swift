extension Duration {
    /// The whole milliseconds of this duration: what `poll(2)` waits and what `wait` prints.
    var wholeMilliseconds: Int64 {
        components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000
    }
}
