public import ViperCore

/// The `accounts.login` scene: a username and a password, and a button that logs in.
public enum AccountsLoginScene: SceneContract {
    public static let kind: SceneKind = "accounts.login"
    /// What a View calls the scene and its parts, in the app's words, and what they mean to it.
    public static let presentation = ScenePresentation(
        title: "Log in",
        labels: ["usernameChanged": "Username", "passwordChanged": "Password", "logInTapped": "Log in", "cancelTapped": "Cancel"],
        roles: ["isWorking": .busy, "errorMessage": .error],
        eventRoles: ["cancelTapped": .cancel])

    public enum Event: SceneEvent {
        case usernameChanged(username: String)
        case passwordChanged(password: Password)
        case logInTapped
        case cancelTapped

        public enum CodingKeys: CodingKey, CaseIterable { case usernameChanged, passwordChanged, logInTapped, cancelTapped }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        /// The username as typed.
        public let username: String
        /// Whether Log In would try: a username and a password typed, and no attempt running.
        public let logInEnabled: Bool
        /// Whether an attempt is running.
        public let isWorking: Bool
        /// Why the last attempt failed, for the user to read; null when it did not.
        public let errorMessage: String?
    }
}

/// The log-in form as the Interactor reports it. The password is never part of it: only
/// whether one was typed.
struct LoginForm: Sendable, Equatable {
    let username: String
    let hasPassword: Bool
    let isWorking: Bool
    var failure: AccountsFailure?

    var canLogIn: Bool { !username.trimmingWhitespace.isEmpty && hasPassword && !isWorking }
}

/// The log-in screen's Interactor, as its Presenter sees it.
protocol AccountsLoginInteracting: Sendable {
    func form() async -> LoginForm
    func changeUsername(to username: String) async -> LoginForm
    func changePassword(to password: Password) async -> LoginForm
    /// Marks an attempt as running and returns the form, or nil when Log In is disabled.
    func beginLogIn() async -> LoginForm?
    /// Runs the attempt begun by `beginLogIn`: the user, or the form with the failure.
    func completeLogIn() async -> Result<User, AccountsFailure>
}

/// The log-in screen's Router, as its Presenter sees it.
protocol AccountsLoginRouting: Sendable {
    /// Signed in: the home replaces the whole stack.
    func showHome() async
    func close() async
}
