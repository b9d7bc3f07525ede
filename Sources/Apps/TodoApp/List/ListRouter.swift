import ViperCore

/// Navigates from the list: presents the Add screen and alerts.
struct ListRouter: ListRouting {
    let navigator: Navigator
    /// Handed on to the Add module's Builder.
    let store: any TodoStore

    func presentAddItem(delegate: any AddItemDelegate) async {
        await navigator.present(AddBuilder(store: store), with: delegate)
    }

    func presentAlert(_ alert: Alert) async {
        await navigator.present(AlertBuilder(), with: alert)
    }
}
