/// Turns an alert into what the View shows.
struct AlertPresenter: AlertPresentationLogic {
    let view: any SceneView<AlertScene.ViewModel>

    func present(_ alert: Alert) async {
        await view.render(.init(title: alert.title, message: alert.message, actions: ["OK"]))
    }
}
