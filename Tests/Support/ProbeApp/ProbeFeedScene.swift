public import ViperCore
import Foundation

/// `probe.feed`: a scene that lives on the bus and on timers. It counts `probe.ping`s, ticks on
/// a timer in the background, echoes a ping onto the bus later (as a service would), and
/// counts the times it was revealed again.
public enum ProbeFeedScene: SceneContract {
    public static let kind: SceneKind = "probe.feed"

    public enum Event: SceneEvent {
        /// Starts background work that ticks `times` times, every `every` milliseconds.
        case tickTapped(every: Int, times: Int)
        /// Posts a `probe.ping` with `text` on the bus after `after` milliseconds, from the
        /// background.
        case echoTapped(text: String, after: Int)
        /// Starts background work that keeps busy for `steps` turns without waiting on anything
        /// outside the engine, then ticks once.
        case crunchTapped(steps: Int)
        /// Sends a GET to `url` from the background after `after` milliseconds, as a live
        /// feed's poll does; the answer changes nothing.
        case pollTapped(url: String, after: Int)
        /// Waits `seconds` of the session clock in the background (`SceneTasks.sleep(for:)`),
        /// then ticks once.
        case waitTapped(seconds: Int)
        case pushTapped
        case closeTapped

        public enum CodingKeys: CodingKey, CaseIterable { case tickTapped, echoTapped, crunchTapped, pollTapped, waitTapped, pushTapped, closeTapped }
    }

    public struct ViewModel: SceneViewModel {
        public let pings: Int
        public let lastPing: String?
        public let ticks: Int
        /// How many times the scene was on top again after the one above it left.
        public let reappeared: Int
    }
}

struct ProbeFeedBuilder: ModuleBuilder {
    func build(with input: Void, context: ModuleContext<ProbeFeedScene>) -> any EventHandler<ProbeFeedScene> {
        ProbeFeedHandler(context: context)
    }
}

struct ProbeFeedHandler: EventHandler {
    typealias Scene = ProbeFeedScene

    let context: ModuleContext<ProbeFeedScene>
    private let state = ProbeState(ProbeFeedScene.ViewModel(pings: 0, lastPing: nil, ticks: 0, reappeared: 0))

    init(context: ModuleContext<ProbeFeedScene>) {
        self.context = context
    }

    func sceneDidAppear() async {
        let state = state
        let view = context.view
        await context.bus.subscribe(ProbePing.self) { ping in
            await view.render(state.update { $0 = .init(pings: $0.pings + 1, lastPing: ping.text, ticks: $0.ticks, reappeared: $0.reappeared) })
        }
        await view.render(state.value)
    }

    func handle(_ event: ProbeFeedScene.Event) async {
        let state = state
        let context = context
        switch event {
        case .tickTapped(let every, let times):
            await context.tasks.forEach(in: RealTimeTicks.stream(every: every, count: times)) { _ in
                await context.view.render(state.update { $0 = .init(pings: $0.pings, lastPing: $0.lastPing, ticks: $0.ticks + 1, reappeared: $0.reappeared) })
            }
        case .echoTapped(let text, let after):
            await context.tasks.forEach(in: RealTimeTicks.stream(every: after, count: 1)) { _ in
                await context.bus.post(ProbePing(text: text))
            }
        case .crunchTapped(let steps):
            await context.tasks.run {
                for _ in 0..<steps { await Task.yield() }
                await context.view.render(state.update { $0 = .init(pings: $0.pings, lastPing: $0.lastPing, ticks: $0.ticks + 1, reappeared: $0.reappeared) })
            }
        case .pollTapped(let url, let after):
            guard let url = URL(string: url) else { return }
            await context.tasks.forEach(in: RealTimeTicks.stream(every: after, count: 1)) { _ in
                _ = try? await context.http.send(HTTPRequest(url: url, headers: ["Accept": "text/plain"]))
            }
        case .waitTapped(let seconds):
            await context.tasks.run {
                guard (try? await context.tasks.sleep(for: .seconds(seconds))) != nil else { return }
                await context.view.render(state.update { $0 = .init(pings: $0.pings, lastPing: $0.lastPing, ticks: $0.ticks + 1, reappeared: $0.reappeared) })
            }
        case .pushTapped:
            await context.navigator.push(ProbeBuilder())
        case .closeTapped:
            await context.navigator.dismiss()
        }
    }

    func sceneDidReappear() async {
        await context.view.render(state.update { $0 = .init(pings: $0.pings, lastPing: $0.lastPing, ticks: $0.ticks, reappeared: $0.reappeared + 1) })
    }
}
