/// FNV-1a over a string's UTF-8: the same number on every run and machine (Swift's `Hasher` is
/// seeded per process), which is what makes the generated forecasts and flights deterministic.
enum StableHash {
    static func of(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// A number in `range` drawn from `text`.
    static func pick(_ range: ClosedRange<Int>, from text: String) -> Int {
        range.lowerBound + Int(of(text) % UInt64(range.count))
    }
}
