import Foundation

/// One flight of the availability for a route and a day.
struct Flight: Sendable, Equatable {
    /// The airline's id for the flight, the one a booking names; opaque to the app.
    let id: String
    /// The flight number ("EZY8012").
    let number: String
    /// When it leaves; scenes write it at the clock of the airport it leaves from.
    let departure: Date
    /// When it lands; scenes write it at the clock of the airport it lands at.
    let arrival: Date
    /// For one passenger.
    let price: Money
    /// Seats still for sale; never negative.
    let seatsLeft: Int
}
