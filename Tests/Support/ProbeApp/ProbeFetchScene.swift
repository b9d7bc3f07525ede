public import ViperCore
import Foundation

/// `probe.fetch`: a scene that goes out over HTTP (the engine's client or the View's, through
/// `effect.http`), searches as you type (a superseding event), and waits on purpose, so that
/// tests can cancel work and see the scene stay consistent.
public enum ProbeFetchScene: SceneContract {
    public static let kind: SceneKind = "probe.fetch"
    /// What its members mean to a View, for the tests of `engine.describe`: roles and a state's tones.
    public static let presentation = ScenePresentation(roles: [
        "state": .state(tones: ["idle": .settled, "loading": .busy, "loaded": .settled, "failed": .bad, "waiting": .busy, "waited": .good]),
        "error": .error, "body": .longText,
    ])

    public enum Event: SceneEvent {
        /// GETs `url` and shows the status and body, or the failure.
        case fetchTapped(url: String)
        /// GETs `url` with `?q=query`; a newer one cancels an older one still running.
        case queryChanged(url: String, query: String)
        /// Shows "waiting", waits `milliseconds` within the request, then shows "waited";
        /// cancelled, it shows again what it showed before.
        case slowTapped(milliseconds: Int)

        public enum CodingKeys: CodingKey, CaseIterable { case fetchTapped, queryChanged, slowTapped }
    }

    public static let supersedingEvents: [Event.CodingKeys] = [.queryChanged]

    public struct ViewModel: SceneViewModel, Equatable {
        /// `idle`, `loading`, `loaded`, `failed`, `waiting` or `waited`.
        public let state: String
        public let status: Int?
        public let body: String?
        public let error: String?
    }
}

struct ProbeFetchBuilder: ModuleBuilder {
    func build(with input: Void, context: ModuleContext<ProbeFetchScene>) -> any EventHandler<ProbeFetchScene> {
        ProbeFetchHandler(context: context)
    }
}

struct ProbeFetchHandler: EventHandler {
    typealias Scene = ProbeFetchScene
    typealias ViewModel = ProbeFetchScene.ViewModel

    let context: ModuleContext<ProbeFetchScene>
    /// What the scene shows now; a cancelled request puts it back.
    private let shown = ProbeState(ViewModel(state: "idle", status: nil, body: nil, error: nil))

    init(context: ModuleContext<ProbeFetchScene>) {
        self.context = context
    }

    func sceneDidAppear() async {
        await context.view.render(shown.value)
    }

    func handle(_ event: ProbeFetchScene.Event) async {
        switch event {
        case .fetchTapped(let url):
            await fetch(url)
        case .queryChanged(let url, let query):
            await fetch(url + "?q=" + (query.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? query))
        case .slowTapped(let milliseconds):
            let before = shown.value
            await show(ViewModel(state: "waiting", status: nil, body: nil, error: nil))
            do {
                try await Task.sleep(for: .milliseconds(milliseconds))
                await show(ViewModel(state: "waited", status: nil, body: nil, error: nil))
            } catch {
                await show(before)
            }
        }
    }

    private func fetch(_ address: String) async {
        let before = shown.value
        guard let url = URL(string: address) else {
            await show(ViewModel(state: "failed", status: nil, body: nil, error: "not a URL: \(address)"))
            return
        }
        await show(ViewModel(state: "loading", status: nil, body: nil, error: nil))
        do {
            let response = try await context.http.send(HTTPRequest(url: url, headers: ["Accept": "text/plain"]))
            await show(ViewModel(state: "loaded", status: response.status, body: String(decoding: response.body, as: UTF8.self), error: nil))
        } catch is CancellationError {
            // Cancelled: the scene shows what it showed before the request.
            await show(before)
        } catch {
            await show(ViewModel(state: "failed", status: nil, body: nil, error: "\(error)"))
        }
    }

    private func show(_ viewModel: ViewModel) async {
        shown.set(viewModel)
        await context.view.render(viewModel)
    }
}
