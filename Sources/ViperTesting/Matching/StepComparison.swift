import ViperCore
import ViperJSON

/// How the lines an engine wrote for one step compare with the step's expected lines.
///
/// Lines are aligned like a diff (longest common subsequence), so one extra or missing line
/// shows as one `+` or `-` row instead of every later line differing.
struct StepComparison {
    /// One row of the comparison, in output order.
    enum Row: Equatable {
        /// An expected line the engine wrote.
        case same(String)
        /// An expected line the engine did not write (with the expected line's number).
        case expectedOnly(String, lineNumber: Int)
        /// A line the engine wrote that was not expected.
        case actualOnly(String)
        /// Where a changed line departs from its expectation.
        case differences([JSONDifference])
    }

    let rows: [Row]
    /// For each actual line, the index of the expectation it stands for, if any.
    let expectationForActual: [Int?]
    /// The actual lines parsed; nil for a line that is not JSON.
    let actualValues: [JSONValue?]

    /// Whether the engine wrote exactly the expected lines.
    var passed: Bool {
        rows.allSatisfy { if case .same = $0 { true } else { false } }
    }

    init(expected: [TranscriptStep.Expectation], actual: [String], requestID: JSONValue, captures: inout Captures) {
        let patterns = expected.map { WireLine.completed($0.pattern, requestID: requestID) }
        let values = actual.map { try? JSONParser.parse(Array($0.utf8)) }
        actualValues = values
        let expectedText = expected.map { String($0.text.dropFirst().trimmingSpacesAndTabs) }
        let actualText = zip(actual, values).map { line, value in
            value.map { JSONWriter.string(WireLine.shortened($0, requestID: requestID)) } ?? line
        }

        // Alignment judges pairs with the captures known before this step...
        let known = captures
        func matches(_ e: Int, _ a: Int) -> Bool {
            guard let value = values[a] else { return false }
            var scratch = known
            return JSONDifference.between(expected: patterns[e], actual: value, captures: &scratch).isEmpty
        }
        let alignment = Self.align(expectedCount: patterns.count, actualCount: values.count, matches: matches)

        var rows: [Row] = []
        var pairing = [Int?](repeating: nil, count: values.count)
        var index = 0
        while index < alignment.count {
            // ...and the rows check them again in order, so a value captured by one line of
            // the step is required of the lines after it.
            if case .both(let e, let a) = alignment[index] {
                pairing[a] = e
                let differences = JSONDifference.between(expected: patterns[e], actual: values[a]!, captures: &captures)
                rows += differences.isEmpty
                    ? [.same(expectedText[e])]
                    : [.expectedOnly(expectedText[e], lineNumber: expected[e].lineNumber), .actualOnly(actualText[a]), .differences(differences)]
                index += 1
                continue
            }
            // A run of changes: pair removed and added lines positionally to show what changed.
            var removed: [Int] = []
            var added: [Int] = []
            while index < alignment.count {
                if case .expected(let e) = alignment[index] {
                    removed.append(e)
                } else if case .actual(let a) = alignment[index] {
                    added.append(a)
                } else {
                    break
                }
                index += 1
            }
            for position in 0..<max(removed.count, added.count) {
                let e = position < removed.count ? removed[position] : nil
                let a = position < added.count ? added[position] : nil
                if let e { rows.append(.expectedOnly(expectedText[e], lineNumber: expected[e].lineNumber)) }
                if let a { rows.append(.actualOnly(actualText[a])) }
                if let e, let a {
                    pairing[a] = e
                    if let value = values[a] {
                        rows.append(.differences(JSONDifference.between(expected: patterns[e], actual: value, captures: &captures)))
                    }
                }
            }
        }
        self.rows = rows
        self.expectationForActual = pairing
    }

    private enum Step {
        case both(Int, Int)
        case expected(Int)
        case actual(Int)
    }

    /// A longest-common-subsequence alignment; steps hold a few lines, so O(n·m) is fine.
    private static func align(expectedCount: Int, actualCount: Int, matches: (Int, Int) -> Bool) -> [Step] {
        // The usual case, every line as expected and in order, is the diagonal the table below
        // would find, without judging every expected line against every actual one.
        if expectedCount == actualCount, (0..<expectedCount).allSatisfy({ matches($0, $0) }) {
            return (0..<expectedCount).map { .both($0, $0) }
        }
        var lengths = [[Int]](repeating: [Int](repeating: 0, count: actualCount + 1), count: expectedCount + 1)
        for e in stride(from: expectedCount - 1, through: 0, by: -1) {
            for a in stride(from: actualCount - 1, through: 0, by: -1) {
                lengths[e][a] = matches(e, a) ? lengths[e + 1][a + 1] + 1 : max(lengths[e + 1][a], lengths[e][a + 1])
            }
        }
        var steps: [Step] = []
        var (e, a) = (0, 0)
        while e < expectedCount || a < actualCount {
            if e < expectedCount, a < actualCount, matches(e, a), lengths[e][a] == lengths[e + 1][a + 1] + 1 {
                steps.append(.both(e, a))
                e += 1
                a += 1
            } else if a < actualCount, e == expectedCount || lengths[e][a + 1] >= lengths[e + 1][a] {
                steps.append(.actual(a))
                a += 1
            } else {
                steps.append(.expected(e))
                e += 1
            }
        }
        return steps
    }
}
