import CustomDump
import Testing

// `expectNoDifference` records nothing under Swift Testing unless the test target links
// IssueReportingTestSupport, which this one does not: it prints "An issue was recorded without
// linking the Testing framework" and the test passes. These expectations record the issue with
// Swift Testing itself and keep CustomDump only for its readable diff.

/// Expects `actual` to equal `expected`, showing a diff when they differ.
func expectEqual<Value: Equatable>(
    _ actual: Value, _ expected: Value, _ message: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual != expected else { return }
    recordDifference(actual, expected, message, sourceLocation: sourceLocation)
}

/// Expects `actual` to be exactly `expected`, byte for byte.
///
/// `String` equality is Unicode canonical equivalence, looser than the contract's "byte-identical
/// output", so the bytes are what is compared; the strings give the readable diff.
func expectSameLines(
    _ actual: [String], _ expected: [String], _ message: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual.map({ Array($0.utf8) }) != expected.map({ Array($0.utf8) }) else { return }
    recordDifference(actual, expected, message, sourceLocation: sourceLocation)
}

private func recordDifference<Value>(_ actual: Value, _ expected: Value, _ message: String?, sourceLocation: SourceLocation) {
    let difference = diff(expected, actual) ?? "equal as text, but not byte for byte"
    let heading = message.map { "\($0): " } ?? ""
    Issue.record("\(heading)actual differs from expected (− expected, + actual):\n\(difference)", sourceLocation: sourceLocation)
}
