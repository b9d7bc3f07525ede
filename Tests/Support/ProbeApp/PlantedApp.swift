public import ViperCore

/// A test-only app with bugs planted on purpose, for `viper explore` to find and shrink:
/// a crash four events deep, behind a date past 2999 (`planted.confirm`), and a spinner that
/// never stops once its request is cancelled (`planted.load`). Made `fixed`, it has neither,
/// and the stories explore wrote for them pass. `ProbeServer --planted [--fixed]` serves it.
public struct PlantedApp: ViperApp {
    public static let name = "planted"
    public static let scenes: [any SceneContract.Type] = [PlantedHomeScene.self, PlantedPlanScene.self, PlantedConfirmScene.self, PlantedLoadScene.self]

    let fixed: Bool

    public var rootModule: PlantedHomeBuilder { PlantedHomeBuilder(fixed: fixed) }

    /// The app, registered, with its bugs or without.
    public static func factory(fixed: Bool) -> AppFactory {
        AppFactory(PlantedApp.self) { _ in PlantedApp(fixed: fixed) }
    }
}
