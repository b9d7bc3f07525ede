import Foundation

/// An airport the airline flies from or to, as the airports Service lists it.
struct Airport: Sendable, Equatable {
    /// The IATA code, in capitals ("LGW").
    let code: String
    /// The airport's own name ("London Gatwick Airport").
    let name: String
    /// The city it serves, as routes name it ("London").
    let city: String
    /// The country it is in ("United Kingdom").
    let country: String
    /// Degrees north; negative south of the equator.
    let latitude: Double
    /// Degrees east; negative west of Greenwich.
    let longitude: Double
    /// The zone its clocks show: departure and arrival times are in it.
    let timeZone: TimeZone
}
