/// Leaves the alert, uncovering the scene that presented it.
struct AlertRouter: AlertRouting {
    let navigator: Navigator

    func close() async {
        await navigator.dismiss()
    }
}
