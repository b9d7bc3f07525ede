/// An app the engine can start: a name and the Builder of its root module.
public protocol ViperApp: Sendable {
    /// The Builder of the scene `app.start` shows first.
    associatedtype RootModule: ModuleBuilder where RootModule.Input == Void

    /// The name clients pass to `app.start` (`todo`).
    static var name: String { get }

    /// The app's name as a person reads it ("Live news"), for front ends that list the apps.
    static var title: String { get }

    /// One sentence on what the app does, for front ends that list the apps.
    static var summary: String? { get }

    /// Operations of this app that `debug.injectFault` can make fail (`todo.save`).
    static var faultOperations: [String] { get }

    /// Error answers of the app's servers that it shows in a way of its own, and that no
    /// single session can make a server give (Flights' `409 soldOut`): `viper explore` answers
    /// matching requests with them now and then.
    static var serverErrors: [ServerErrorAnswer] { get }

    /// Rules the app keeps whatever the user does, over its scenes' view models (seats left
    /// never below zero): `viper explore` checks them at every step.
    static var invariants: [AppInvariant] { get }

    /// The contracts of every scene the app can show, for `engine.describe`.
    static var scenes: [any SceneContract.Type] { get }

    /// The bus events its modules subscribe to, for `engine.describe` and the schema.
    static var busEvents: [any BusEvent.Type] { get }

    /// The root module's Builder.
    var rootModule: RootModule { get }

    /// Shows the app's first scene: by default the root module's. An app whose first scene
    /// depends on its data (the home when signed in, else the sign-in prompt) shows another
    /// one through `launcher`; `engine.describe` still names `RootModule`'s scene as the root.
    func start(with launcher: AppLauncher) async
}

extension ViperApp {
    /// The name, capitalized.
    public static var title: String { name.prefix(1).uppercased() + name.dropFirst() }

    /// No sentence of its own.
    public static var summary: String? { nil }

    /// Apps without failure stories have no operations to fail on purpose.
    public static var faultOperations: [String] { [] }

    /// Apps whose servers' errors all look alike to them declare none.
    public static var serverErrors: [ServerErrorAnswer] { [] }

    /// No rules beyond its contracts.
    public static var invariants: [AppInvariant] { [] }

    public func start(with launcher: AppLauncher) async {
        await launcher.show(rootModule)
    }

    /// Most apps hear only from the View.
    public static var busEvents: [any BusEvent.Type] { [] }
}
