/// One step of a store's schema: a name that is recorded in the database once the step has
/// run, and the statements it runs, written once for both back-ends with the words that differ
/// taken from the `StoreDialect`.
public struct StoreMigration: Sendable {
    /// The name the database records; never change it once released, and keep it unique
    /// across every app that shares the database.
    public let identifier: String
    /// The statements of the step in `dialect`, run in order in the migration's transaction.
    public let statements: @Sendable (StoreDialect) -> [String]

    /// A step named `identifier` that runs `statements`.
    public init(_ identifier: String, _ statements: @escaping @Sendable (StoreDialect) -> [String]) {
        self.identifier = identifier
        self.statements = statements
    }
}
