/// What one transaction gave: each statement's rows or error, in order, and why it did not
/// commit when it did not.
public struct JournaledTransaction: Sendable {
    /// A statement and what it gave.
    public struct Statement: Sendable {
        /// The statement, as the app wrote it (`?` for its values).
        public let sql: String
        /// Its rows (none for a statement that changes), or its error.
        public let outcome: Result<[StoreRow], StoreError>

        /// `sql`, which gave `outcome`.
        public init(sql: String, outcome: Result<[StoreRow], StoreError>) {
            self.sql = sql
            self.outcome = outcome
        }
    }

    /// Its statements, in the order they ran.
    public var statements: [Statement]
    /// Why the transaction failed after its statements (its commit), if it did.
    public var failure: StoreError?

    /// A transaction of `statements` that ended with `failure`, if any.
    public init(statements: [Statement] = [], failure: StoreError? = nil) {
        self.statements = statements
        self.failure = failure
    }
}
