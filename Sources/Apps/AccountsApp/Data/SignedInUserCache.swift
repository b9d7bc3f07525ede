import Foundation
import GRDB
import ViperStore

/// Keeps the signed-in user and their token in the engine's SQLite database, in the one-row
/// table `accounts_signed_in`, so that a new engine on the same file is still signed in.
/// The data manager reads it before it asks the Service.
struct SignedInUserCache: Sendable {
    let database: StoreDatabase

    static let migrations = [
        StoreMigration("accounts v1: signed-in user") { db in
            try db.execute(
                sql: """
                    CREATE TABLE accounts_signed_in (
                        slot INTEGER PRIMARY KEY CHECK (slot = 1),
                        user_id TEXT NOT NULL,
                        username TEXT NOT NULL,
                        display_name TEXT NOT NULL,
                        created_at REAL NOT NULL,
                        token TEXT NOT NULL
                    )
                    """)
        }
    ]

    func load() throws -> SignedInUser? {
        try database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT user_id, username, display_name, created_at, token FROM accounts_signed_in") else { return nil }
            let user = User(
                id: row["user_id"], username: row["username"], displayName: row["display_name"],
                createdAt: Date(timeIntervalSince1970: row["created_at"]))
            return SignedInUser(user: user, token: row["token"])
        }
    }

    func save(_ signedIn: SignedInUser) throws {
        try database.write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO accounts_signed_in (slot, user_id, username, display_name, created_at, token) VALUES (1, ?, ?, ?, ?, ?)",
                arguments: [signedIn.user.id, signedIn.user.username, signedIn.user.displayName, signedIn.user.createdAt.timeIntervalSince1970, signedIn.token])
        }
    }

    func clear() throws {
        try database.write { db in try db.execute(sql: "DELETE FROM accounts_signed_in") }
    }
}
