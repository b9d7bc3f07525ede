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
