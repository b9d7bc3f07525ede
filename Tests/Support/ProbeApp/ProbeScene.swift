public import ViperCore

/// `probe`: a scene that can open more of itself every way a Router can navigate.
public enum ProbeScene: SceneContract {
    public static let kind: SceneKind = "probe"
    /// Words of the app's own and a role, for the tests of `engine.describe`.
    public static let presentation = ScenePresentation(
        title: "Probe bench", emptyText: "Nothing yet.", labels: ["countChanged": "Count"], eventRoles: ["closeTapped": .cancel])

    public enum Event: SceneEvent {
        case presentTapped
        case pushTapped
        case closeTapped
        case popTapped
        case popToRootTapped
        /// Replaces the whole stack with a new `probe` ("signed in: show home").
        case restartTapped
        case alertTapped
        case feedTapped
        case fetchTapped
        case countChanged(count: Int)

        public enum CodingKeys: CodingKey, CaseIterable {
            case presentTapped, pushTapped, closeTapped, popTapped, popToRootTapped, restartTapped, alertTapped, feedTapped
            case fetchTapped, countChanged
        }
    }

    public struct ViewModel: SceneViewModel {
        public let count: Int
        /// The session's today, so tests see the clock and time zone at work.
        public let today: CalendarDay
    }
}

/// Builds a `probe` scene.
public struct ProbeBuilder: ModuleBuilder {
    public init() {}

    public func build(with input: Void, context: ModuleContext<ProbeScene>) -> any EventHandler<ProbeScene> {
        ProbeHandler(context: context)
    }
}

/// Handles probe events directly: no Interactor or Presenter is needed to test the engine.
struct ProbeHandler: EventHandler {
    typealias Scene = ProbeScene

    let context: ModuleContext<ProbeScene>
    private let count = ProbeState(0)

    init(context: ModuleContext<ProbeScene>) {
        self.context = context
    }

    func sceneDidAppear() async {
        await show()
    }

    func handle(_ event: ProbeScene.Event) async {
        let navigator = context.navigator
        switch event {
        case .presentTapped: await navigator.present(ProbeBuilder())
        case .pushTapped: await navigator.push(ProbeBuilder())
        case .closeTapped: await navigator.dismiss()
        case .popTapped: await navigator.pop()
        case .popToRootTapped: await navigator.popToRoot()
        case .restartTapped: await navigator.replaceStack(with: ProbeBuilder())
        case .alertTapped: await navigator.present(AlertBuilder(), with: Alert(title: "T", message: "M"))
        case .feedTapped: await navigator.push(ProbeFeedBuilder())
        case .fetchTapped: await navigator.push(ProbeFetchBuilder())
        case .countChanged(let value):
            count.set(value)
            await show()
        }
    }

    func clockDidChange() async {
        await show()
    }

    private func show() async {
        await context.view.render(.init(count: count.value, today: context.calendar.day(of: context.clock.now)))
    }
}
