public import ViperCore

/// `planted.confirm`: confirms the day picked. The planted bug: a day past 2999 crashes it.
public enum PlantedConfirmScene: SceneContract {
    public static let kind: SceneKind = "planted.confirm"

    public enum Event: SceneEvent {
        case confirmTapped

        public enum CodingKeys: CodingKey, CaseIterable { case confirmTapped }
    }

    public struct ViewModel: SceneViewModel {
        public let date: CalendarDay
        public let confirmed: Bool
    }
}

struct PlantedConfirmBuilder: ModuleBuilder {
    let fixed: Bool

    func build(with input: CalendarDay, context: ModuleContext<PlantedConfirmScene>) -> any EventHandler<PlantedConfirmScene> {
        PlantedConfirmHandler(context: context, date: input, fixed: fixed)
    }
}

struct PlantedConfirmHandler: EventHandler {
    typealias Scene = PlantedConfirmScene

    let context: ModuleContext<PlantedConfirmScene>
    let date: CalendarDay
    let fixed: Bool

    func sceneDidAppear() async {
        await context.view.render(.init(date: date, confirmed: false))
    }

    func handle(_ event: PlantedConfirmScene.Event) async {
        // The planted bug: a table of years that ends at 2999, read past its end.
        let years = Array(1970...2999)
        let index = (date.daysSinceEpoch - CalendarDay(year: 1970, month: 1, day: 1)!.daysSinceEpoch) / 366
        if !fixed || index < years.count { _ = years[min(index, fixed ? years.count - 1 : index)] }
        await context.view.render(.init(date: date, confirmed: true))
    }
}
