#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic time in seconds.
enum Stopwatch {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// Why the benchmark could not go on.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Order statistics of repeated measurements.
extension Array where Element == Double {
    /// The median; of an even count, the mean of the middle two.
    var median: Double { percentile(50) }

    /// The `p`th percentile, nearest rank.
    func percentile(_ p: Double) -> Double {
        precondition(!isEmpty)
        let sorted = self.sorted()
        if p == 50 && sorted.count % 2 == 0 {
            return (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[Swift.max(0, Swift.min(sorted.count - 1, rank - 1))]
    }
}

/// Writes `text` to stderr, where progress and errors go so that stdout holds only the table.
func printToStandardError(_ text: String) {
    var text = text
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}
