/// A booking the airline made.
struct Booking: Sendable, Equatable {
    /// What the passenger quotes ("EZ4K2P9Q").
    let reference: String
    /// For every passenger.
    let total: Money
}
