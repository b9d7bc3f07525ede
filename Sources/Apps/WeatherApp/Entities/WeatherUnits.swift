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

    /// Rounded half away from zero, and never "-0". A value converted from other units carries
    /// the float arithmetic's error (31.1 °F is exactly −0.5 °C, computed as −0.49999…), so it is
    /// first settled to a millionth, far below any instrument's precision. The Service lets
    /// through only plausible weather, but a value beyond `Int` would trap, so it is bounded
    /// here too.
    private static func whole(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        let bounded = min(max(value, -1e9), 1e9)
        let settled = (bounded * 1e6).rounded() / 1e6
        let rounded = Int(settled.rounded())
        return rounded == 0 ? 0 : rounded
    }
}
