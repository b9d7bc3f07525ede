/// Why a database URL was refused; `description` says what is wrong and never the password.
public struct PostgresLocationError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ problem: String) {
        description = "the database URL \(problem)"
    }
}
