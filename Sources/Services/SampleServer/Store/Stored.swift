/// Runs `body` on the store; a database failure is a 500 that says what failed.
func stored<Value>(_ body: () async throws -> Value) async throws(SampleFailure) -> Value {
    do {
        return try await body()
    } catch {
        throw SampleFailure(500, "storage", "The server could not use its database: \(error)")
    }
}
