import Foundation

/// A person with an account: what the user Service returns and the cache keeps. Never a
/// password: the server keeps only its hash, and the app forgets it once sent.
struct User: Sendable, Equatable {
    let id: String
    let username: String
    let displayName: String
    let createdAt: Date
}
