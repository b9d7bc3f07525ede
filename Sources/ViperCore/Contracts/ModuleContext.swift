public import Logging

/// What the engine hands a Builder: the module's view, its navigator and the session environment.
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

    init(
        view: any SceneView<Scene.ViewModel>, navigator: Navigator, clock: any WallClock,
        calendar: DayCalendar, logger: Logger
    ) {
        self.view = view
        self.navigator = navigator
        self.clock = clock
        self.calendar = calendar
        self.logger = logger
    }
}
