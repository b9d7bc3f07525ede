public import ViperCore
import Foundation

/// `planted.load`: loads a page over HTTP. The planted bug: cancelled, it never stops loading.
public enum PlantedLoadScene: SceneContract {
    public static let kind: SceneKind = "planted.load"
    public static let presentation = ScenePresentation(roles: [
        "state": .state(tones: ["idle": .settled, "loading": .busy, "loaded": .settled, "failed": .bad])
    ])

    public enum Event: SceneEvent {
        case loadTapped

        public enum CodingKeys: CodingKey, CaseIterable { case loadTapped }
    }

    public struct ViewModel: SceneViewModel {
        /// `idle`, `loading`, `loaded` or `failed`.
        public let state: String
    }
}

struct PlantedLoadBuilder: ModuleBuilder {
    let fixed: Bool

    func build(with input: Void, context: ModuleContext<PlantedLoadScene>) -> any EventHandler<PlantedLoadScene> {
        PlantedLoadHandler(context: context, fixed: fixed)
    }
}

struct PlantedLoadHandler: EventHandler {
    typealias Scene = PlantedLoadScene

    let context: ModuleContext<PlantedLoadScene>
    let fixed: Bool

    func sceneDidAppear() async {
        await context.view.render(.init(state: "idle"))
    }

    func handle(_ event: PlantedLoadScene.Event) async {
        await context.view.render(.init(state: "loading"))
        do {
            let response = try await context.http.send(HTTPRequest(url: URL(string: "http://127.0.0.1:9/page")!))
            await context.view.render(.init(state: response.status == 200 ? "loaded" : "failed"))
        } catch is CancellationError {
            // The planted bug: the cancelled load leaves the spinner on.
            if fixed { await context.view.render(.init(state: "idle")) }
        } catch {
            await context.view.render(.init(state: "failed"))
        }
    }
}
