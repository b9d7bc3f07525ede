/// What asking the server for the signed-in user gave.
enum UserRefresh: Sendable, Equatable {
    /// The server's user, now cached.
    case current(User)
    /// The server could not be reached: the cached user, which may be out of date.
    case offline(User)
    /// Nobody is signed in any more: the server refused the token, or nothing was cached.
    case signedOut
}
