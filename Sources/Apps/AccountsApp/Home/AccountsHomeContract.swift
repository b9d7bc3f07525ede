public import ViperCore

/// The `accounts.home` scene: who is signed in, and a button to log out.
public enum AccountsHomeScene: SceneContract {
    public static let kind: SceneKind = "accounts.home"
    /// What a View calls the scene and its parts, in the app's words, and what they mean to it.
    public static let presentation = ScenePresentation(
        title: "Your account",
        labels: ["logOutTapped": "Log out", "displayName": "Name", "memberSince": "Member since", "isOffline": "Offline"],
        roles: ["displayName": .heading, "isOffline": .warning])

    public enum Event: SceneEvent {
        case logOutTapped

        public enum CodingKeys: CodingKey, CaseIterable { case logOutTapped }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        /// The name the signed-in user logs in with.
        public let username: String
        /// The name the signed-in user chose to be shown by.
        public let displayName: String
        /// The day the account was made, in the session's time zone.
        public let memberSince: CalendarDay
        /// Whether the server could not be reached, so this is the user as last cached.
        public let isOffline: Bool
    }
}

/// The home's Interactor, as its Presenter sees it.
protocol AccountsHomeInteracting: Sendable {
    /// The signed-in user as cached, at once; nil when nobody is.
    func cachedUser() async -> User?
    /// The user as the server has it now.
    func refresh() async -> UserRefresh
    func logOut() async
}

/// The home's Router, as its Presenter sees it.
protocol AccountsHomeRouting: Sendable {
    /// Signed out: the prompt replaces the whole stack.
    func showPrompt() async
}
