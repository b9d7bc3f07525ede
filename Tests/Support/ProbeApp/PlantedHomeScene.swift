public import ViperCore

/// `planted.home`: leads to the planted bugs.
public enum PlantedHomeScene: SceneContract {
    public static let kind: SceneKind = "planted.home"

    public enum Event: SceneEvent {
        case planTapped
        case loadTapped
        case tripTapped

        public enum CodingKeys: CodingKey, CaseIterable { case planTapped, loadTapped, tripTapped }
    }

    public struct ViewModel: SceneViewModel {
        public let title: String
    }
}

public struct PlantedHomeBuilder: ModuleBuilder {
    let fixed: Bool
    let trip: PlantedBugs

    public func build(with input: Void, context: ModuleContext<PlantedHomeScene>) -> any EventHandler<PlantedHomeScene> {
        PlantedHomeHandler(context: context, fixed: fixed, trip: trip)
    }
}

struct PlantedHomeHandler: EventHandler {
    typealias Scene = PlantedHomeScene

    let context: ModuleContext<PlantedHomeScene>
    let fixed: Bool
    let trip: PlantedBugs

    func sceneDidAppear() async {
        await context.view.render(.init(title: "Planted bugs"))
    }

    func handle(_ event: PlantedHomeScene.Event) async {
        switch event {
        // Without the trip's crashes, the plan's is fixed too.
        case .planTapped: await context.navigator.push(PlantedPlanBuilder(fixed: fixed || !trip.crashes))
        case .loadTapped: await context.navigator.push(PlantedLoadBuilder(fixed: fixed))
        case .tripTapped: await context.navigator.push(PlantedTripBuilder(bugs: trip))
        }
    }
}
