import Foundation
import ViperStore

/// Keeps the signed-in user and their token in the workspace's database, in the one-row table
/// `accounts_signed_in`, so that a new engine on the same database is still signed in.
/// The data manager reads it before it asks the Service.
struct SignedInUserCache: Sendable {
    let store: Store

    static let migrations = [
        StoreMigration("accounts v1: signed-in user") { dialect in
            [
                """
                CREATE TABLE accounts_signed_in (
                    slot \(dialect.integerKey) CHECK (slot = 1),
                    user_id TEXT NOT NULL,
                    username TEXT NOT NULL,
                    display_name TEXT NOT NULL,
                    created_at \(dialect.real) NOT NULL,
                    token TEXT NOT NULL
                )
                """
            ]
        }
    ]

    func load() async throws -> SignedInUser? {
        try await store.read { db in
            guard let row = try await db.row("SELECT user_id, username, display_name, created_at, token FROM accounts_signed_in") else { return nil }
            let user = User(
                id: try row.get("user_id"), username: try row.get("username"), displayName: try row.get("display_name"),
                createdAt: try row.get("created_at"))
            return SignedInUser(user: user, token: try row.get("token"))
        }
    }

    func save(_ signedIn: SignedInUser) async throws {
        try await store.write { db in
            try await db.execute(
                """
                INSERT INTO accounts_signed_in (slot, user_id, username, display_name, created_at, token) VALUES (1, ?, ?, ?, ?, ?)
                ON CONFLICT (slot) DO UPDATE SET user_id = excluded.user_id, username = excluded.username,
                    display_name = excluded.display_name, created_at = excluded.created_at, token = excluded.token
                """,
                signedIn.user.id, signedIn.user.username, signedIn.user.displayName, signedIn.user.createdAt, signedIn.token)
        }
    }

    func clear() async throws {
        try await store.write { db in try await db.execute("DELETE FROM accounts_signed_in") }
    }
}
