public import Logging

/// What the engine hands a Builder: the module's view and navigator, and the ports of the
/// session it lives in.
public struct ModuleContext<Scene: SceneContract>: Sendable {
    /// The scene's view port; Presenters render into it.
    public let view: any SceneView<Scene.ViewModel>
    /// Navigation on behalf of this scene; Routers use it.
    public let navigator: Navigator
    /// The session's clock.
    public let clock: any WallClock
    /// The session's calendar: time zone, first weekday and locale.
    public let calendar: DayCalendar
    /// The engine's logger, labelled with the scene.
    public let logger: Logger
    /// Background work the scene owns, cancelled when it leaves the stack.
    public let tasks: SceneTasks
    /// The session's notification bus: subscriptions last while the scene is live.
    public let bus: NotificationBus
    /// The session's HTTP port, for the module's Services.
    public let http: any HTTPClient

    init(
        view: any SceneView<Scene.ViewModel>, navigator: Navigator, clock: any WallClock, calendar: DayCalendar,
        logger: Logger, tasks: SceneTasks, bus: NotificationBus, http: any HTTPClient
    ) {
        self.view = view
        self.navigator = navigator
        self.clock = clock
        self.calendar = calendar
        self.logger = logger
        self.tasks = tasks
        self.bus = bus
        self.http = http
    }
}
