/// Which bugs of the planted trip (`planted.trip` to `planted.pay`) an instance of the app has.
struct PlantedBugs: Sendable {
    /// Whether paying for the seat at the end of the row crashes.
    let crashes: Bool
    /// Whether the coupon is taken off once, as it should be, so that the total never goes
    /// below zero.
    let keepsInvariant: Bool
}
