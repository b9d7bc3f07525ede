public import ViperCore

/// `planted.home`: leads to the planted bugs.
public enum PlantedHomeScene: SceneContract {
    public static let kind: SceneKind = "planted.home"

    public enum Event: SceneEvent {
        case planTapped
        case loadTapped

        public enum CodingKeys: CodingKey, CaseIterable { case planTapped, loadTapped }
    }

    public struct ViewModel: SceneViewModel {
        public let title: String
    }
}

public struct PlantedHomeBuilder: ModuleBuilder {
    let fixed: Bool

    public func build(with input: Void, context: ModuleContext<PlantedHomeScene>) -> any EventHandler<PlantedHomeScene> {
        PlantedHomeHandler(context: context, fixed: fixed)
    }
}

struct PlantedHomeHandler: EventHandler {
    typealias Scene = PlantedHomeScene

    let context: ModuleContext<PlantedHomeScene>
    let fixed: Bool

    func sceneDidAppear() async {
        await context.view.render(.init(title: "Planted bugs"))
    }

    func handle(_ event: PlantedHomeScene.Event) async {
        switch event {
        case .planTapped: await context.navigator.push(PlantedPlanBuilder(fixed: fixed))
        case .loadTapped: await context.navigator.push(PlantedLoadBuilder(fixed: fixed))
        }
    }
}
