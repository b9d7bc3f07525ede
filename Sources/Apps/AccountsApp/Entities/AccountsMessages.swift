/// What the forms say about a failure, in words the user reads.
enum AccountsMessages {
    static func text(_ failure: AccountsFailure) -> String {
        switch failure {
        case .invalidCredentials:
            "The username or the password is wrong."
        case .lockedOut(let seconds):
            "Too many failed attempts. Try again in \(duration(seconds))."
        case .usernameTaken:
            "That username is taken; choose another."
        case .rejected(let message):
            "The server refused the form: \(message)"
        case .signedOut:
            "You have been signed out; log in again."
        case .unreachable(let reason):
            "The server could not be reached (\(reason)), so nothing was changed. Try again when you are online."
        case .serverError(let reason):
            "Something went wrong on the server, so nothing was changed: \(reason)."
        case .createdButNotLoggedIn(let failure):
            "Your account was created, but logging in with it failed (\(reason(failure))). Cancel, then log in."
        case .cancelled:
            "Cancelled; nothing was changed."
        case .storage(let reason):
            "This device could not keep your sign-in: \(reason)."
        }
    }

    /// What went wrong in a few words, for a message that says it in a sentence of its own.
    private static func reason(_ failure: AccountsFailure) -> String {
        switch failure {
        case .unreachable(let reason): "the server could not be reached: \(reason)"
        case .lockedOut(let seconds): "too many attempts; wait \(duration(seconds))"
        case .serverError(let reason), .storage(let reason): reason
        case .cancelled: "cancelled"
        default: text(failure)
        }
    }

    /// "15 minutes", "1 minute", "40 seconds".
    static func duration(_ seconds: Int) -> String {
        if seconds < 60 { return seconds == 1 ? "1 second" : "\(seconds) seconds" }
        let minutes = (seconds + 59) / 60
        return minutes == 1 ? "1 minute" : "\(minutes) minutes"
    }
}
