/// The role of a module that the View talks to: the Presenter in VIPER, the Interactor in VIP.
///
/// The engine calls it when its scene appears, for each event the View sends the scene, and
/// when the session's clock is set. Everything it awaits is part of the request that caused it:
/// the engine answers that request only once the call returns.
public protocol EventHandler<Scene>: Sendable {
    /// The contract of the scene this module drives.
    associatedtype Scene: SceneContract

    /// The scene has just been shown; render its first view model.
    func sceneDidAppear() async

    /// The View sent `event` to the scene.
    func handle(_ event: Scene.Event) async

    /// The session's clock was set; scenes whose content depends on the time render again.
    func clockDidChange() async
}

extension EventHandler {
    /// Most scenes do not depend on the time.
    public func clockDidChange() async {}
}
