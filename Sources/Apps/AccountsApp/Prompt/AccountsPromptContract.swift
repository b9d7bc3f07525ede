public import ViperCore

/// The `accounts.prompt` scene: the registration prompt, asking a visitor to log in or sign
/// up.
public enum AccountsPromptScene: SceneContract {
    public static let kind: SceneKind = "accounts.prompt"
    /// What a View calls the scene and its parts, in the app's words, and what they mean to it.
    public static let presentation = ScenePresentation(
        title: "Welcome",
        labels: ["logInTapped": "Log in", "signUpTapped": "Sign up"],
        roles: ["title": .heading])

    public enum Event: SceneEvent {
        /// The visitor has an account: show the log-in form over the prompt.
        case logInTapped
        /// The visitor wants an account: show the sign-up form over the prompt.
        case signUpTapped

        public enum CodingKeys: CodingKey, CaseIterable { case logInTapped, signUpTapped }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        /// What the prompt says.
        public let title: String
    }
}

/// The prompt's Router, as its Presenter sees it.
protocol AccountsPromptRouting: Sendable {
    func presentLogIn() async
    func presentSignUp() async
}
