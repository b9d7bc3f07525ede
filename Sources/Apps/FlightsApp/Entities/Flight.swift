public import Foundation

/// One flight of the availability for a route and a day.
public struct Flight: Sendable, Equatable {
    /// The airline's id for the flight, the one a booking names; opaque to the app.
    public let id: String
    /// The flight number ("EZY8012").
    public let number: String
    /// When it leaves; scenes write it at the clock of the airport it leaves from.
    public let departure: Date
    /// When it lands; scenes write it at the clock of the airport it lands at.
    public let arrival: Date
    /// For one passenger.
    public let price: Money
    /// Seats still for sale; never negative.
    public let seatsLeft: Int

    /// A flight with its id, number, times, price and seats left.
    public init(id: String, number: String, departure: Date, arrival: Date, price: Money, seatsLeft: Int) {
        self.id = id
        self.number = number
        self.departure = departure
        self.arrival = arrival
        self.price = price
        self.seatsLeft = seatsLeft
    }
}
