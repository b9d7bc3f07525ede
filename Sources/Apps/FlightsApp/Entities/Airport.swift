public import Foundation

/// An airport the airline flies from or to, as the airports Service lists it.
public struct Airport: Sendable, Equatable {
    /// The IATA code, in capitals ("LGW").
    public let code: String
    public let name: String
    public let city: String
    public let country: String
    public let latitude: Double
    public let longitude: Double
    /// The zone its clocks show: departure and arrival times are in it.
    public let timeZone: TimeZone

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
