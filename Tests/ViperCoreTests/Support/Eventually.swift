import Testing

/// Waits until `condition` holds, checking every few milliseconds, and fails the test (naming
/// `comment`) when it still does not after `timeout`: for what a session does by itself.
func eventually(
    _ comment: Comment? = nil, within timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if await condition() { return }
        try await Task.sleep(for: .milliseconds(5))
    }
    Issue.record(comment ?? "the condition did not hold within \(timeout)", sourceLocation: sourceLocation)
}
