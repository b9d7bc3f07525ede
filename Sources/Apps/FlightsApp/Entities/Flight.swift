public import Foundation

/// One flight of the availability for a route and a day.
public struct Flight: Sendable, Equatable {
    public let id: String
    /// The flight number ("EZY8012").
    public let number: String
    public let departure: Date
    public let arrival: Date
    /// For one passenger.
    public let price: Money
    public let seatsLeft: Int

    public init(id: String, number: String, departure: Date, arrival: Date, price: Money, seatsLeft: Int) {
        self.id = id
        self.number = number
        self.departure = departure
        self.arrival = arrival
        self.price = price
        self.seatsLeft = seatsLeft
    }
}
