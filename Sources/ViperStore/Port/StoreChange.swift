/// A change a write announced (`StoreTransaction.announce`), and who made it.
public struct StoreChange: Sendable, Equatable {
    /// The topic of a change that stands for any: the back-end may have missed changes (its
    /// connection to the other processes was lost), so whoever listens should look again.
    public static let everything = "*"

    /// What changed, as the writer named it (`todo`).
    public let topic: String
    /// The `Store` the write went through.
    public let origin: StoreOrigin

    /// The change to `topic` that `origin` made.
    public init(topic: String, origin: StoreOrigin) {
        self.topic = topic
        self.origin = origin
    }
}
