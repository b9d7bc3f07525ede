/// How a ToDo's due day relates to today, in the order the list shows the groups.
enum DueRelation: String, CaseIterable, Sendable {
    case today
    case tomorrow
    case laterThisWeek
    case nextWeek
}
