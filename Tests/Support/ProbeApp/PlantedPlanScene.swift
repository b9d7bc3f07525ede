public import ViperCore

/// `planted.plan`: a day to pick, then on to `planted.confirm`.
public enum PlantedPlanScene: SceneContract {
    public static let kind: SceneKind = "planted.plan"

    public enum Event: SceneEvent {
        case dateChanged(date: CalendarDay)
        case nextTapped

        public enum CodingKeys: CodingKey, CaseIterable { case dateChanged, nextTapped }
    }

    public struct ViewModel: SceneViewModel {
        public let date: CalendarDay?
    }
}

struct PlantedPlanBuilder: ModuleBuilder {
    let fixed: Bool

    func build(with input: Void, context: ModuleContext<PlantedPlanScene>) -> any EventHandler<PlantedPlanScene> {
        PlantedPlanHandler(context: context, fixed: fixed)
    }
}

struct PlantedPlanHandler: EventHandler {
    typealias Scene = PlantedPlanScene

    let context: ModuleContext<PlantedPlanScene>
    let fixed: Bool
    private let date = ProbeState<CalendarDay?>(nil)

    init(context: ModuleContext<PlantedPlanScene>, fixed: Bool) {
        self.context = context
        self.fixed = fixed
    }

    func sceneDidAppear() async {
        await context.view.render(.init(date: date.value))
    }

    func handle(_ event: PlantedPlanScene.Event) async {
        switch event {
        case .dateChanged(let day):
            date.set(day)
            await context.view.render(.init(date: day))
        case .nextTapped:
            guard let day = date.value else { return }
            await context.navigator.push(PlantedConfirmBuilder(fixed: fixed), with: day)
        }
    }
}
