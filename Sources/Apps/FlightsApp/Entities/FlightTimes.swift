import Foundation

/// How the flights scenes write times: each at its own airport's clock, as boarding passes do.
enum FlightTimes {
    /// "07:05" at `airport`.
    static func clock(_ instant: Date, at airport: Airport) -> String {
        let parts = calendar(airport.timeZone).dateComponents([.hour, .minute], from: instant)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    /// "2026-11-24 07:05" at `airport`.
    static func dayAndClock(_ instant: Date, at airport: Airport) -> String {
        let parts = calendar(airport.timeZone).dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        return String(format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0)
    }

    /// "1h 05m", or "55m" under an hour.
    static func duration(from departure: Date, to arrival: Date) -> String {
        let minutes = max(0, Int((arrival.timeIntervalSince(departure) / 60).rounded()))
        return minutes < 60 ? "\(minutes)m" : String(format: "%dh %02dm", minutes / 60, minutes % 60)
    }

    /// "London (LGW) → Paris (CDG)".
    static func route(from: Airport, to: Airport) -> String {
        "\(from.city) (\(from.code)) → \(to.city) (\(to.code))"
    }

    private static func calendar(_ zone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar
    }
}
