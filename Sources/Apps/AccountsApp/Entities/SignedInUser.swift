/// The user this engine is signed in as, and the token the server gave for them.
struct SignedInUser: Sendable, Equatable {
    let user: User
    let token: String
}
