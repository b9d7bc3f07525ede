import ViperTesting
import ViperCore
import ViperJSON

/// Turns what the engine answered into what a person reads: navigation as sentences, each
/// rendered scene as its screen, drawn from what `engine.describe` said of its kind.
///
/// What a person sees is the top of the stack: a scene that renders while another covers it
/// gets one line, not a screen drawn over the one on top; and going back draws the scene it
/// returns to, as it last showed.
struct ExchangePrinter {
    let style: TextStyle
    let width: Int
    /// What the engine described; set once the session has asked.
    var catalog = SceneCatalog(apps: [], events: [:])
    /// The live scenes that were presented (modals), drawn with a double border.
    var presented: Set<String> = []
    /// The live scenes, bottom first, once the exchange is followed.
    var stack: [String] = []
    /// The last view model of each live scene.
    var viewModels: [String: JSONValue] = [:]

    func lines(for exchange: Exchange) -> [String] {
        let messages = exchange.messages
        // A scene this exchange dismissed was presented when it rendered, earlier in it.
        let dismissed = Set(messages.compactMap { message -> String? in
            if case .navigate(let navigation) = message, navigation.action == .dismiss { navigation.scene } else { nil }
        })
        let top = stack.last
        var lines: [String] = []
        var wentBack = false
        var drewTop = false
        for (message, line) in zip(messages, exchange.output) {
            switch message {
            case .navigate(let navigation):
                if navigation.action == .dismiss || navigation.action == .pop { wentBack = true }
                lines.append(style.yellow(Self.sentence(navigation)))
            case .render(let render):
                if let top, render.scene != top, stack.contains(render.scene) {
                    lines.append(style.dim("· \(render.scene) changed under \(top); show \(render.scene) draws it"))
                    continue
                }
                if render.scene == top { drewTop = true }
                lines += screen(render.scene, render.viewModel, presented: presented.contains(render.scene) || dismissed.contains(render.scene))
            case .effect, .cancel, .response:
                // The REPL performs the apps' HTTP itself, and a person reads what came of it;
                // errors are not drawn: the REPL reports them on stderr.
                continue
            case .unreadable:
                // A notification this REPL does not know is shown as it came.
                if let value = try? JSONParser.parse(Array(line.utf8)), case .string(let method)? = value["method"], let params = value["params"] {
                    lines.append(style.dim("\(method) \(JSONWriter.string(params))"))
                }
            }
        }
        if wentBack, !drewTop, let top, let viewModel = viewModels[top] {
            lines += screen(top, viewModel)
        }
        return lines
    }

    /// The screen of `scene` showing `viewModel`.
    func screen(_ scene: String, _ viewModel: JSONValue) -> [String] {
        screen(scene, viewModel, presented: presented.contains(scene))
    }

    private func screen(_ scene: String, _ viewModel: JSONValue, presented: Bool) -> [String] {
        SceneScreen(scene: scene, viewModel: viewModel, catalog: catalog, isPresented: presented).draw(width: width, style: style)
    }

    /// A navigation as a sentence.
    private static func sentence(_ navigation: ViewNavigateNotification) -> String {
        let (scene, from) = (navigation.scene, navigation.from)
        return switch navigation.action {
        case .root: "→ \(scene) opened"
        case .present: "→ \(scene) presented over \(from ?? "nothing")"
        case .push: "→ \(scene) pushed onto \(from ?? "nothing")"
        case .dismiss: "← \(scene) dismissed" + (from.map { ", back to \($0)" } ?? ", nothing left")
        case .pop: "← \(scene) popped" + (from.map { ", back to \($0)" } ?? ", nothing left")
        }
    }
}
