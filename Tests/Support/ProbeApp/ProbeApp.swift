public import ViperCore

/// A test-only app that exercises every part of the engine without any real app: its root
/// scene navigates every way there is, `probe.feed` lives on the bus and on timers, and
/// `probe.fetch` goes out over HTTP and can be slow on purpose. The engine's tests drive it in
/// process; `ProbeServer` serves it over stdio for the tests over the wire.
public struct ProbeApp: ViperApp {
    public static let name = "probe"
    public static let faultOperations = ["probe.fail"]
    public static let scenes: [any SceneContract.Type] = [ProbeScene.self, ProbeFeedScene.self, ProbeFetchScene.self, AlertScene.self]
    public static let busEvents: [any BusEvent.Type] = [ProbePing.self]

    public var rootModule: ProbeBuilder { ProbeBuilder() }

    /// The app, registered.
    public static let factory = AppFactory(ProbeApp.self) { _ in ProbeApp() }
}
