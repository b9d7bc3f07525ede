import Synchronization
import ViperCore

/// A minimal app whose one scene kind can open more of itself, so engine tests can navigate
/// without any real app.
struct ProbeApp: ViperApp {
    static let name = "probe"
    static let faultOperations = ["probe.fail"]
    static let scenes: [any SceneContract.Type] = [ProbeScene.self, AlertScene.self]

    var rootModule: ProbeBuilder { ProbeBuilder() }

    static let factory = AppFactory(ProbeApp.self) { _ in ProbeApp() }
}

enum ProbeScene: SceneContract {
    static let kind: SceneKind = "probe"

    enum Event: SceneEvent {
        case presentTapped
        case pushTapped
        case closeTapped
        case alertTapped
        case countChanged(count: Int)

        enum CodingKeys: CodingKey, CaseIterable { case presentTapped, pushTapped, closeTapped, alertTapped, countChanged }
    }

    struct ViewModel: SceneViewModel {
        let count: Int
        /// The session's today, so tests see the clock and time zone at work.
        let today: CalendarDay
    }
}

struct ProbeBuilder: ModuleBuilder {
    func build(with input: Void, context: ModuleContext<ProbeScene>) -> any EventHandler<ProbeScene> {
        ProbeHandler(context: context)
    }
}

/// Handles probe events directly: no Interactor or Presenter is needed to test the engine.
struct ProbeHandler: EventHandler {
    typealias Scene = ProbeScene

    let context: ModuleContext<ProbeScene>
    private let count = Counter()

    init(context: ModuleContext<ProbeScene>) {
        self.context = context
    }

    func sceneDidAppear() async {
        await show()
    }

    func handle(_ event: ProbeScene.Event) async {
        switch event {
        case .presentTapped: await context.navigator.present(ProbeBuilder())
        case .pushTapped: await context.navigator.push(ProbeBuilder())
        case .closeTapped: await context.navigator.dismiss()
        case .alertTapped: await context.navigator.present(AlertBuilder(), with: Alert(title: "T", message: "M"))
        case .countChanged(let value):
            count.value.withLock { $0 = value }
            await show()
        }
    }

    func clockDidChange() async {
        await show()
    }

    private func show() async {
        let today = context.calendar.day(of: context.clock.now)
        await context.view.render(.init(count: count.value.withLock { $0 }, today: today))
    }
}

/// The probe's one piece of state; a class so the handler struct can share it.
final class Counter: Sendable {
    let value = Mutex(0)
}
