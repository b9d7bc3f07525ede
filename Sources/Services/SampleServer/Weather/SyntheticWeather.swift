import Foundation

/// Weather made up from a place's coordinates and a day, the same on every run: warmer near the
/// equator and in the hemisphere's summer, with a day-to-day wobble and conditions drawn from
/// the same numbers. Plausible enough to read, never a forecast.
struct SyntheticWeather: Sendable {
    let latitude: Double
    let longitude: Double

    struct Day: Sendable {
        let high: Double
        let low: Double
        let code: Int
        let precipitation: Double
        let maximumWind: Double
    }

    /// WMO weather codes the generator uses, from clear to thunderstorm.
    private static let codes = [0, 1, 2, 3, 45, 51, 61, 63, 80, 95]

    func day(_ day: String, dayOfYear: Int) -> Day {
        let seed = "\((latitude * 10).rounded())|\((longitude * 10).rounded())|\(day)"
        let summerPeak = latitude >= 0 ? 200.0 : 17.0
        let season = cos(2 * .pi * (Double(dayOfYear) - summerPeak) / 365)
        let mean = 30 - 0.4 * abs(latitude) + 0.14 * abs(latitude) * season * (abs(latitude) > 10 ? 1 : 0)
        let wobble = Double(StableHash.pick(-40...40, from: seed + "|t")) / 10
        let spread = 3 + Double(StableHash.pick(0...50, from: seed + "|s")) / 10
        var code = Self.codes[StableHash.pick(0...(Self.codes.count - 1), from: seed + "|c")]
        let low = mean + wobble - spread
        if low < -1, [61, 63, 80].contains(code) { code = 71 }
        let precipitation = [51, 61, 63, 71, 80, 95].contains(code) ? Double(StableHash.pick(1...180, from: seed + "|p")) / 10 : 0
        return Day(
            high: Self.rounded(mean + wobble + spread), low: Self.rounded(low), code: code,
            precipitation: precipitation, maximumWind: Double(StableHash.pick(50...450, from: seed + "|w")) / 10)
    }

    /// The temperature at `hour` (0–23, local): lowest before dawn, highest mid-afternoon.
    static func temperature(at hour: Double, of day: Day) -> Double {
        let phase = cos(2 * .pi * (hour - 15) / 24)
        return rounded(day.low + (day.high - day.low) * (phase + 1) / 2)
    }

    static func rounded(_ value: Double) -> Double {
        (value * 10).rounded() / 10
    }
}
