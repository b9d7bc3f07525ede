#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the list's cost grows with its length: `app.start` showing a window of N ToDos (out of
/// ten times as many stored), for N from a thousand to fifty thousand. Writes CSV for
/// `Benchmarks/plot_growth.py`; the table gets no row.
extension Bench {
    static let growthWindows = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000]

    func growth(csvPath: String) throws -> [Row] {
        var csv = "items,render_ms,peak_mb\n"
        for window in Self.growthWindows {
            let database = try scaleDatabase(total: window * 10, window: window)
            var seconds: [Double] = []
            var peaks: [Double] = []
            for run in 1...runs {
                note("growth: \(window) ToDos, run \(run)/\(runs)")
                let measured = try renderList(database: database, window: window)
                seconds.append(measured.seconds)
                peaks.append(Double(measured.peakBytes))
            }
            csv += "\(window),\(Format.decimal(seconds.median * 1000, places: 2)),\(Format.decimal(peaks.median / 1_048_576, places: 1))\n"
        }
        try write(csv, to: csvPath)
        return []
    }
}
