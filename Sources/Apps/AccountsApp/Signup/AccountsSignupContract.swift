public import ViperCore

/// The `accounts.signup` scene: a new account's username, display name and password, with the
/// rules they break listed as the user types.
public enum AccountsSignupScene: SceneContract {
    public static let kind: SceneKind = "accounts.signup"
    /// What a View calls the scene and its parts, in the app's words, and what they mean to it.
    public static let presentation = ScenePresentation(
        title: "Sign up",
        labels: ["usernameChanged": "Username", "displayNameChanged": "Display name", "passwordChanged": "Password", "signUpTapped": "Sign up", "cancelTapped": "Cancel"],
        roles: ["isWorking": .busy, "errorMessage": .error, "problems": .problems],
        eventRoles: ["cancelTapped": .cancel])

    public enum Event: SceneEvent {
        case usernameChanged(username: String)
        case displayNameChanged(displayName: String)
        case passwordChanged(password: Password)
        case signUpTapped
        case cancelTapped

        public enum CodingKeys: CodingKey, CaseIterable { case usernameChanged, displayNameChanged, passwordChanged, signUpTapped, cancelTapped }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        /// The username as it will be registered: lowercased.
        public let username: String
        /// The display name as typed; it is registered without the whitespace around it.
        public let displayName: String
        /// Whether Sign Up would try: no rule broken and no attempt running.
        public let signUpEnabled: Bool
        /// Whether an attempt to sign up is running.
        public let isWorking: Bool
        /// Why the last attempt failed; null when it did not.
        public let errorMessage: String?
        /// The rules the form breaks now, in the order of its fields; empty when all hold.
        public let problems: [String]
    }
}

/// The sign-up form as the Interactor reports it, without the password.
struct SignupForm: Sendable, Equatable {
    let username: String
    let displayName: String
    let problems: [SignUpRules.Problem]
    let isWorking: Bool
    var failure: AccountsFailure?

    var canSignUp: Bool { problems.isEmpty && !isWorking }
}

/// The sign-up screen's Interactor, as its Presenter sees it.
protocol AccountsSignupInteracting: Sendable {
    func form() async -> SignupForm
    func changeUsername(to username: String) async -> SignupForm
    func changeDisplayName(to displayName: String) async -> SignupForm
    func changePassword(to password: Password) async -> SignupForm
    /// Marks an attempt as running and returns the form, or nil when Sign Up is disabled.
    func beginSignUp() async -> SignupForm?
    func completeSignUp() async -> Result<User, AccountsFailure>
}

/// The sign-up screen's Router, as its Presenter sees it.
protocol AccountsSignupRouting: Sendable {
    func showHome() async
    func close() async
}
