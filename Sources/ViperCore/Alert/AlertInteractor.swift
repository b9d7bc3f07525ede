/// Receives the alert's events (VIP): shows the alert, and closes it when the user taps OK.
struct AlertInteractor: EventHandler {
    typealias Scene = AlertScene

    let alert: Alert
    let presenter: any AlertPresentationLogic
    let router: any AlertRouting

    func sceneDidAppear() async {
        await presenter.present(alert)
    }

    func handle(_ event: AlertScene.Event) async {
        switch event {
        case .dismissTapped:
            await router.close()
        }
    }
}
