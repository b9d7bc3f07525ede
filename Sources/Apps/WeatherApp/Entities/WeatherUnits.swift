import Foundation

/// How a session's locale writes temperatures and wind: °F and mph where the locale measures
/// in US units (en_US), mph with °C in the UK's, °C and km/h elsewhere. Numbers are rounded
/// to whole units, as weather apps show them.
struct WeatherUnits: Sendable, Equatable {
    let fahrenheit: Bool
    let milesPerHour: Bool

    init(locale: Locale) {
        switch locale.measurementSystem {
        case .us: (fahrenheit, milesPerHour) = (true, true)
        case .uk: (fahrenheit, milesPerHour) = (false, true)
        default: (fahrenheit, milesPerHour) = (false, false)
        }
    }

    /// `celsius` as the locale writes it: "12°C", "54°F".
    func temperature(_ celsius: Double) -> String {
        fahrenheit ? "\(Self.whole(celsius * 9 / 5 + 32))°F" : "\(Self.whole(celsius))°C"
    }

    /// `kilometresPerHour` as the locale writes it: "14 km/h", "9 mph".
    func wind(_ kilometresPerHour: Double) -> String {
        milesPerHour ? "\(Self.whole(kilometresPerHour / 1.609344)) mph" : "\(Self.whole(kilometresPerHour)) km/h"
    }

    /// Rounded half away from zero, and never "-0". The Service lets through only plausible
    /// weather, but a value beyond `Int` would trap, so it is bounded here too.
    private static func whole(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        let rounded = Int(min(max(value.rounded(), -1e9), 1e9))
        return rounded == 0 ? 0 : rounded
    }
}
