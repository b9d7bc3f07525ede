public import Foundation

/// An airport the airline flies from or to, as the airports Service lists it.
public struct Airport: Sendable, Equatable {
    /// The IATA code, in capitals ("LGW").
    public let code: String
    /// The airport's own name ("London Gatwick Airport").
    public let name: String
    /// The city it serves, as routes name it ("London").
    public let city: String
    /// The country it is in ("United Kingdom").
    public let country: String
    /// Degrees north; negative south of the equator.
    public let latitude: Double
    /// Degrees east; negative west of Greenwich.
    public let longitude: Double
    /// The zone its clocks show: departure and arrival times are in it.
    public let timeZone: TimeZone

    /// An airport with its code, names, place and time zone.
    public init(code: String, name: String, city: String, country: String, latitude: Double, longitude: Double, timeZone: TimeZone) {
        self.code = code
        self.name = name
        self.city = city
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.timeZone = timeZone
    }
}
