public import ViperCore

/// The `todo.add` scene: a form for a new ToDo's title and due date.
public enum TodoAddScene: SceneContract {
    public static let kind: SceneKind = "todo.add"
    /// What a View calls the scene and its parts, in the app's words, and what they mean to it.
    public static let presentation = ScenePresentation(
        title: "New ToDo",
        labels: ["titleChanged": "Title", "dueDateChanged": "Due date", "dueDate": "Due date", "saveTapped": "Save", "cancelTapped": "Cancel"],
        roles: ["problems": .problems],
        eventRoles: ["cancelTapped": .cancel])

    public enum Event: SceneEvent {
        /// The user edited the title.
        case titleChanged(title: String)
        /// The user picked a due date, or cleared it (`null`).
        case dueDateChanged(dueDate: Nullable<CalendarDay>)
        /// The user tapped Save.
        case saveTapped
        /// The user tapped Cancel.
        case cancelTapped

        public enum CodingKeys: CodingKey, CaseIterable { case titleChanged, dueDateChanged, saveTapped, cancelTapped }
    }

    public struct ViewModel: SceneViewModel, Equatable {
        /// The title as typed.
        public let title: String
        /// The due day, or null when none is picked.
        public let dueDate: CalendarDay?
        /// Whether Save would save: the trimmed title is not empty and the due day is today or later.
        public let saveEnabled: Bool
        /// Why Save is disabled, in words the user reads; empty exactly when `saveEnabled`.
        public let problems: [String]
    }
}

/// The form's content and what keeps it from being saved, as the Interactor reports it.
struct AddDraft: Sendable, Equatable {
    let title: String
    let dueDay: CalendarDay?
    /// The rules the draft breaks, in the order the form shows its fields.
    let problems: [DraftProblem]

    var canSave: Bool { problems.isEmpty }
}

/// A rule of saving that a draft breaks.
enum DraftProblem: Sendable, Equatable {
    /// The title is empty once trimmed.
    case missingTitle
    /// No due day is picked.
    case missingDueDay
    /// The due day is before today.
    case dueDayInThePast
}

/// What came of tapping Save.
enum SaveOutcome: Sendable, Equatable {
    /// The ToDo is stored.
    case saved(TodoItem)
    /// The form cannot be saved yet; nothing happened.
    case notReady
    /// The store failed; `reason` is the failure's own message.
    case failed(reason: String)
}

/// Told when the Add screen saved a ToDo; the List's Presenter.
protocol AddItemDelegate: Sendable {
    func addItemDidSave() async
}

/// The Add screen's Interactor, as its Presenter sees it.
protocol TodoAddInteracting: Sendable {
    func draft() async -> AddDraft
    func changeTitle(to title: String) async -> AddDraft
    func changeDueDay(to day: CalendarDay?) async -> AddDraft
    func save() async -> SaveOutcome
}

/// The Add screen's Router, as its Presenter sees it.
protocol TodoAddRouting: Sendable {
    /// Leaves the Add screen.
    func close() async
    /// Shows an alert over the Add screen.
    func presentAlert(_ alert: Alert) async
}
