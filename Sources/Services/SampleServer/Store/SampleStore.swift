import ViperStore

/// The sample server's tables. Their names start with `sample_` because the server the engine
/// embeds keeps its state in the workspace's own database, beside the apps' tables.
enum SampleStore {
    /// What a booking announces: the seats left on a flight changed.
    static let bookingsTopic = "sample.bookings"
    /// What a chat message announces, which wakes the long polls of every process.
    static let chatTopic = "sample.chat"

    static let migrations = [
        StoreMigration("sample v1: users, sessions, bookings, chat") { dialect in
            [
                """
                CREATE TABLE sample_users (
                    id \(dialect.autoIncrementingKey),
                    username TEXT NOT NULL UNIQUE,
                    display_name TEXT NOT NULL,
                    password_hash TEXT NOT NULL,
                    created_at TEXT NOT NULL
                )
                """,
                // A session is kept as the SHA-256 of its token: a copy of the database signs no one in.
                """
                CREATE TABLE sample_sessions (
                    token_digest TEXT NOT NULL PRIMARY KEY,
                    user_id \(dialect.integer) NOT NULL REFERENCES sample_users(id) ON DELETE CASCADE,
                    created_at TEXT NOT NULL
                )
                """,
                "CREATE TABLE sample_login_failures (username TEXT NOT NULL, failed_at \(dialect.integer) NOT NULL)",
                "CREATE INDEX sample_login_failures_on_username ON sample_login_failures (username, failed_at)",
                """
                CREATE TABLE sample_bookings (
                    id \(dialect.autoIncrementingKey),
                    flight_id TEXT NOT NULL,
                    passengers \(dialect.integer) NOT NULL,
                    reference TEXT NOT NULL UNIQUE,
                    booked_at TEXT NOT NULL
                )
                """,
                "CREATE INDEX sample_bookings_on_flight_id ON sample_bookings (flight_id)",
                """
                CREATE TABLE sample_chat_messages (
                    id \(dialect.autoIncrementingKey),
                    conversation_id TEXT NOT NULL,
                    author TEXT NOT NULL,
                    text TEXT NOT NULL,
                    sent_at TEXT NOT NULL
                )
                """,
                "CREATE INDEX sample_chat_messages_on_conversation ON sample_chat_messages (conversation_id, id)",
            ]
        }
    ]
}
