import ViperCore

/// Navigates from the Add screen: back to the list, or to an alert.
struct TodoAddRouter: TodoAddRouting {
    let navigator: Navigator

    func close() async {
        await navigator.dismiss()
    }

    func presentAlert(_ alert: Alert) async {
        await navigator.present(AlertBuilder(), with: alert)
    }
}
