public import ViperCore

/// The `todo.list` scene: upcoming ToDos grouped by when they are due.
public enum TodoListScene: SceneContract {
    public static let kind: SceneKind = "todo.list"
    /// What a View calls the scene and its parts, in the app's words, and what they mean to it.
    public static let presentation = ScenePresentation(
        title: "ToDos",
        emptyText: "Nothing to do.",
        labels: ["addTapped": "Add a ToDo"],
        roles: ["isEmpty": .hidden, "kind": .identifier, "title": .heading, "id": .identifier])

    public enum Event: SceneEvent {
        /// The user tapped the add button.
        case addTapped

        public enum CodingKeys: CodingKey, CaseIterable { case addTapped }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        /// True when no section has items.
        public let isEmpty: Bool
        /// Only sections with items, in the order today, tomorrow, laterThisWeek, nextWeek.
        public let sections: [Section]

        /// The ToDos of one group, under its heading.
        public struct Section: Codable, Sendable, Equatable {
            /// `today`, `tomorrow`, `laterThisWeek` or `nextWeek`.
            public let kind: String
            /// The section's heading ("Later This Week").
            public let title: String
            /// The section's ToDos, by due day, then in the order they were added.
            public let items: [Item]
        }

        /// One ToDo.
        public struct Item: Codable, Sendable, Equatable {
            /// The store's id of the ToDo, in decimal ("42").
            public let id: String
            /// What is to be done, as saved: without leading or trailing whitespace.
            public let title: String
            /// The due day.
            public let dueDate: CalendarDay
            /// The due day's weekday name, or "" when it is due today.
            public let dueDay: String
        }
    }
}

/// The List's Interactor, as its Presenter sees it.
protocol TodoListInteracting: Sendable {
    /// The ToDos the list shows now, ordered by due day then creation, each with its group.
    func upcomingItems() async throws -> [UpcomingItem]
    /// Calls `changed` each time another session of the workspace, here or on another process,
    /// saves a ToDo, for as long as the scene lives.
    func whenOthersChangeItems(_ changed: @escaping @Sendable () async -> Void) async
}

/// The List's Router, as its Presenter sees it.
protocol TodoListRouting: Sendable {
    /// Opens the Add screen, which tells `delegate` when it saved a ToDo.
    func presentAddItem(delegate: any AddItemDelegate) async
    /// Shows an alert over the list.
    func presentAlert(_ alert: Alert) async
}
