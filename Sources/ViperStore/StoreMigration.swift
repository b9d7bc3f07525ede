public import GRDB

/// One step of a store's schema: a name that is recorded in the database once the step has
/// run, and the SQL it runs.
public struct StoreMigration: Sendable {
    /// The name the database records; never change it once released, and keep it unique
    /// across every app that shares the file.
    public let identifier: String
    let apply: @Sendable (Database) throws -> Void

    /// A step named `identifier` that runs `apply` in the migration's transaction.
    public init(_ identifier: String, _ apply: @escaping @Sendable (Database) throws -> Void) {
        self.identifier = identifier
        self.apply = apply
    }
}
