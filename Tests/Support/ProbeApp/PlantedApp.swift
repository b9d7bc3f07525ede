public import ViperCore

/// A test-only app with bugs planted on purpose, for `viper explore` to find and shrink:
/// a crash four events deep, behind a date past 2999 (`planted.confirm`); a spinner that
/// never stops once its request is cancelled (`planted.load`); and, three screens and ten
/// events deep behind a form that must be filled right (`planted.trip`, `planted.seats`,
/// `planted.pay`), a crash and a total below zero, which breaks the app's own invariant.
/// Made `fixed`, it has none, and the stories explore wrote for them pass.
/// `ProbeServer --planted [--fixed]` serves it.
public struct PlantedApp: ViperApp {
    public static let name = "planted"
    public static let scenes: [any SceneContract.Type] = [
        PlantedHomeScene.self, PlantedPlanScene.self, PlantedConfirmScene.self, PlantedLoadScene.self, PlantedTripScene.self,
        PlantedSeatsScene.self, PlantedPayScene.self,
    ]
    /// The rule the coupon's bug breaks.
    public static let invariants = [
        AppInvariant("planted.total-never-negative", on: PlantedPayScene.self, summary: "the total to pay is never below zero") { pay in
            pay.total < 0 ? "the total is \(pay.total)" : nil
        }
    ]

    let fixed: Bool
    let crashes: Bool

    public var rootModule: PlantedHomeBuilder {
        PlantedHomeBuilder(fixed: fixed, trip: PlantedBugs(crashes: !fixed && crashes, keepsInvariant: fixed))
    }

    /// The app, registered, with its bugs or without; without `crashes`, it has all its bugs
    /// but the crashes, to be explored in the process of a test, which a crash would end.
    public static func factory(fixed: Bool, crashes: Bool = true) -> AppFactory {
        AppFactory(PlantedApp.self) { _ in PlantedApp(fixed: fixed, crashes: crashes) }
    }
}
