/// The role of a module that the View talks to: the Presenter in VIPER, the Interactor in VIP
/// (whose Builder is a `VIPModuleBuilder`).
///
/// The engine calls it when its scene appears, for each event the View sends the scene, when
/// the session's clock is set, and as its scene leaves the stack or is on top again.
/// Everything it awaits is part of the request that caused it: the engine answers that request
/// only once the call returns. Work that outlives requests belongs in the scene's tasks
/// (`ModuleContext.tasks`).
public protocol EventHandler<Scene>: Sendable {
    /// The contract of the scene this module drives.
    associatedtype Scene: SceneContract

    /// The scene has just been shown; render its first view model.
    func sceneDidAppear() async

    /// Whether `event` names something the scene does not have, such as an id that is not in
    /// its list: the engine then answers -32602 on `params.data.<field>` and does not call
    /// `handle`. Well-typed data that makes no sense here is the View's mistake, not a story.
    func refusal(of event: Scene.Event) async -> EventRefusal?

    /// The View sent `event` to the scene.
    func handle(_ event: Scene.Event) async

    /// The session's clock was set; scenes whose content depends on the time render again.
    func clockDidChange() async

    /// The scene left the stack: it renders nothing more, and the engine has cancelled its
    /// tasks and ended its subscriptions. Release what the module holds.
    func sceneDidDisappear() async

    /// The scene is on top again, after the scene above it left (a list may reload).
    func sceneDidReappear() async
}

extension EventHandler {
    /// Most scenes take any well-typed data.
    public func refusal(of event: Scene.Event) async -> EventRefusal? { nil }

    /// Most scenes do not depend on the time.
    public func clockDidChange() async {}

    /// Most modules hold nothing to release.
    public func sceneDidDisappear() async {}

    /// Most scenes show the same when they are revealed again.
    public func sceneDidReappear() async {}
}
