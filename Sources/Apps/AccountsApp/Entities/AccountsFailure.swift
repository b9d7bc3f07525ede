/// Why an accounts operation failed, as the Interactors tell their Presenters.
enum AccountsFailure: Error, Sendable, Equatable {
    /// A wrong password or an unknown username: the server does not say which.
    case invalidCredentials
    /// Too many failed attempts; the server takes another in `retryAfter` seconds.
    case lockedOut(retryAfter: Int)
    /// The username belongs to someone else.
    case usernameTaken
    /// The server refused a field (`message` is its own words).
    case rejected(message: String)
    /// The server refused the token: it expired or was revoked.
    case signedOut
    /// No answer: the server is down, the network is, or a fault was injected.
    case unreachable(reason: String)
    /// An answer the app cannot use: an error status or a body of another shape.
    case serverError(reason: String)
    /// The account was created, but logging in with it then failed for `reason`.
    indirect case createdButNotLoggedIn(AccountsFailure)
    /// The request that started the operation was cancelled (`$/cancelRequest`).
    case cancelled
    /// The app's own database failed.
    case storage(reason: String)
}
