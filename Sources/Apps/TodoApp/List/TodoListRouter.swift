import ViperCore

/// Navigates from the list: presents the Add screen and alerts.
struct TodoListRouter: TodoListRouting {
    let navigator: Navigator
    /// Handed on to the Add module's Builder.
    let store: any TodoStore

    /// Only from the top: while the Add form (or an alert) covers the list, no user could tap
    /// its add button, so a second form is never stacked on the first.
    func presentAddItem(delegate: any AddItemDelegate) async {
        guard await navigator.isOnTop else { return }
        await navigator.present(TodoAddBuilder(store: store), with: delegate)
    }

    func presentAlert(_ alert: Alert) async {
        await navigator.present(AlertBuilder(), with: alert)
    }
}
