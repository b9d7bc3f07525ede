import ViperCore
import ViperJSON

/// The live scenes as a View knows them from what the engine said: the stack, bottom first,
/// with each scene's kind, the view model each last rendered, and which were presented rather
/// than pushed. The REPL, `mcp` and `explore` each keep one.
package struct SceneStack: Sendable {
    /// Live scenes, bottom first, with their kinds, as `view.navigate` reported them.
    package private(set) var scenes: [(scene: String, kind: String)] = []
    /// The live scenes that were presented rather than pushed (modals, alerts).
    package private(set) var presented: Set<String> = []
    /// The last view model of each live scene.
    package private(set) var viewModels: [String: JSONValue] = [:]
    /// Every scene that was presented, live or gone: a session never gives an id twice, so a
    /// render that came before its scene left (a form's "working" state, then the stack
    /// replaced) is still known as a presented scene's.
    package private(set) var everPresented: Set<String> = []

    /// An empty stack, before `app.start`.
    package init() {}

    /// Whether `scene` is live.
    package func contains(_ scene: String) -> Bool {
        scenes.contains { $0.scene == scene }
    }

    /// The scenes' ids, bottom first.
    package var ids: [String] { scenes.map(\.scene) }

    /// Follows the navigations and renders among `messages`.
    package mutating func follow(_ messages: [JSONValue]) {
        for message in messages {
            guard let method = message.wireMethod, let params = message["params"],
                case .string(let scene)? = params["scene"]
            else { continue }
            switch (method, params["action"]) {
            case (.viewNavigate, .string("root")?):
                scenes = [(scene, Self.kind(params))]
                viewModels = [:]
                presented = []
            case (.viewNavigate, .string("dismiss")?), (.viewNavigate, .string("pop")?):
                scenes.removeAll { $0.scene == scene }
                viewModels[scene] = nil
                presented.remove(scene)
            case (.viewNavigate, let action):
                scenes.append((scene, Self.kind(params)))
                if action == .string("present") {
                    presented.insert(scene)
                    everPresented.insert(scene)
                }
            case (.viewRender, _):
                viewModels[scene] = params["viewModel"]
            default:
                break
            }
        }
    }

    /// The kind a navigation names, or the one its scene id begins with.
    private static func kind(_ params: JSONValue) -> String {
        if case .string(let kind)? = params["kind"] { return kind }
        if case .string(let scene)? = params["scene"] { return String(scene.prefix { $0 != "#" }) }
        return ""
    }
}
