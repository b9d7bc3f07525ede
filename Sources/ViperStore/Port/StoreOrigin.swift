/// Who wrote: one `Store`, which a session's app holds. A session hears of the changes of
/// others, not again of its own, which it has shown already.
public struct StoreOrigin: Sendable, Hashable, CustomStringConvertible {
    /// 32 hexadecimal digits, unique to the `Store` on every process.
    public let name: String

    /// An origin no other `Store`, here or on another process, has.
    public static func unique() -> StoreOrigin {
        var generator = SystemRandomNumberGenerator()
        let bits = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }
        return StoreOrigin(name: bits.map { String(repeating: "0", count: 16 - $0.count) + $0 }.joined())
    }

    /// The origin a change's message names (from another process).
    package init(name: String) {
        self.name = name
    }

    public var description: String { name }
}
