/// The `alert` scene: a titled message with one OK action, presented over the scene that asked.
public enum AlertScene: SceneContract {
    public static let kind: SceneKind = "alert"

    public enum Event: SceneEvent {
        /// The user tapped OK.
        case dismissTapped

        public enum CodingKeys: CodingKey, CaseIterable { case dismissTapped }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        /// The alert's title, above its message.
        public let title: String
        /// Why the alert is shown.
        public let message: String
        /// The buttons, left to right.
        public let actions: [String]
    }
}

/// What an alert says; the input of `AlertBuilder`.
public struct Alert: Sendable, Equatable {
    /// The alert's title.
    public let title: String
    /// Why the alert is shown.
    public let message: String

    /// An alert with `title` and `message`.
    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }
}

/// The alert module follows VIP: the View talks to the Interactor, which hands the Presenter
/// what to show and asks the Router to leave.
protocol AlertPresentationLogic: Sendable {
    func present(_ alert: Alert) async
}

protocol AlertRouting: Sendable {
    func close() async
}
