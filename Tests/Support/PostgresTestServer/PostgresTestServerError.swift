/// Why the test server could not start or answer.
public struct PostgresTestServerError: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
