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
    package mutating func follow(_ messages: [EngineMessage]) {
        for message in messages {
            switch message {
            case .navigate(let navigation):
                follow(navigation)
            case .render(let render):
                viewModels[render.scene] = render.viewModel
            default:
                break
            }
        }
    }

    /// Follows the navigations and renders among the lines the engine wrote.
    package mutating func follow(lines: [String]) {
        follow(lines.map(EngineMessage.init(line:)))
    }

    private mutating func follow(_ navigation: ViewNavigateNotification) {
        let scene = navigation.scene
        switch navigation.action {
        case .root:
            scenes = [(scene, navigation.kind)]
            viewModels = [:]
            presented = []
        case .dismiss, .pop:
            scenes.removeAll { $0.scene == scene }
            viewModels[scene] = nil
            presented.remove(scene)
        case .push, .present:
            scenes.append((scene, navigation.kind))
            if navigation.action == .present {
                presented.insert(scene)
                everPresented.insert(scene)
            }
        }
    }
}
