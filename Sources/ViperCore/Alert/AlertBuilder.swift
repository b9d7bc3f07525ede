/// Builds the alert module; Routers present it with the `Alert` to show.
public struct AlertBuilder: ModuleBuilder {
    /// A builder for alerts.
    public init() {}

    public func build(with alert: Alert, context: ModuleContext<AlertScene>) -> any EventHandler<AlertScene> {
        AlertInteractor(
            alert: alert, presenter: AlertPresenter(view: context.view), router: AlertRouter(navigator: context.navigator))
    }
}
