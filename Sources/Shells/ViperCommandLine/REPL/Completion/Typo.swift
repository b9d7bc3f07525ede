/// What a mistyped word was meant to be, among the words the REPL knows at that point: the
/// `(did you mean start?)` of a mistake.
enum Typo {
    /// The candidate nearest to `word`, if it is near enough to be a typo.
    static func closest(to word: String, in candidates: [String]) -> String? {
        // One slip in a short word, two in a longer one; more is a different word.
        let tolerance = word.count <= 4 ? 1 : 2
        return candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= tolerance }.min { $0.1 < $1.1 }?.0
    }

    /// ` (did you mean NAME?)` when a candidate is near `word`, else nothing: the part of a
    /// mistake that names it.
    static func didYouMean(_ word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { " (did you mean \($0)?)" } ?? ""
    }

    /// How many letters to insert, delete or change to turn `a` into `b`, case aside.
    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
