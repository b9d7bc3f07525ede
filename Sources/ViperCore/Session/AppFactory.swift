public import Logging

/// Registers an app with the engine: its name, and how to make an instance for a session.
public struct AppFactory: Sendable {
    /// The name `app.start` takes.
    public let name: String
    /// The app's name as a person reads it.
    public let title: String
    /// One sentence on what the app does, if it says.
    public let summary: String?
    /// The operations `debug.injectFault` can make fail in this app.
    public let faultOperations: [String]
    /// The error answers of its servers the app shows in a way of its own.
    public let serverErrors: [ServerErrorAnswer]
    /// The rules the app keeps whatever the user does, which `viper explore` checks.
    public let invariants: [AppInvariant]
    /// The kind of the scene `app.start` shows.
    public let rootScene: SceneKind
    /// Every scene the app can show, described the first time it is asked.
    public var scenes: [SceneDescription] { descriptions.scenes }
    /// The bus events the app's modules subscribe to, described the first time they are asked.
    public var busEvents: [BusEventDescription] { descriptions.busEvents }
    let descriptions: AppDescriptions
    let make: @Sendable (AppEnvironment) throws -> any ViperApp

    /// Registers `App`; `make` runs once per session, the first time the session starts the app.
    public init<App: ViperApp>(_ app: App.Type, make: @escaping @Sendable (AppEnvironment) throws -> App) {
        name = App.name
        title = App.title
        summary = App.summary
        faultOperations = App.faultOperations
        serverErrors = App.serverErrors
        invariants = App.invariants
        rootScene = App.RootModule.Scene.kind
        descriptions = AppDescriptions(scenes: App.scenes, busEvents: App.busEvents)
        self.make = make
    }
}

/// What a session offers the app it starts, to build its stores and Services from.
public struct AppEnvironment: Sendable {
    /// The session's fault injector, when the engine allows fault injection.
    public let faults: FaultInjector?
    /// The engine's logger.
    public let logger: Logger
    /// The session's HTTP port.
    public let http: any HTTPClient
    /// The session's notification bus, for Services that post what comes from outside.
    public let bus: NotificationBus
    /// The session's clock.
    public let clock: any WallClock
    /// The session's data scope: an app keeps its data apart from other workspaces' data.
    public let workspace: Workspace
    /// Whether the session is being rebuilt from its journal, when its writes were made already.
    public let replay: SessionReplay
}
