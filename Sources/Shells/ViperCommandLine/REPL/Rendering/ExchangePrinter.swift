import ViperTesting
import ViperCore
import ViperJSON

/// Turns what the engine answered into what a person reads: navigation as sentences, each
/// rendered scene as its screen, drawn from what `engine.describe` said of its kind.
struct ExchangePrinter {
    let style: TextStyle
    let width: Int
    /// What the engine described; set once the session has asked.
    var catalog = SceneCatalog(apps: [], events: [:])
    /// The live scenes that were presented (modals), drawn with a double border.
    var presented: Set<String> = []

    func lines(for exchange: Exchange) -> [String] {
        var lines: [String] = []
        for message in exchange.messages {
            // Errors are not drawn: the REPL reports them on stderr.
            if case .string(let method)? = message["method"], let params = message["params"] {
                lines += notification(method, params)
            }
        }
        return lines
    }

    /// The screen of `scene` showing `viewModel`.
    func screen(_ scene: String, _ viewModel: JSONValue) -> [String] {
        SceneScreen(scene: scene, viewModel: viewModel, catalog: catalog, isPresented: presented.contains(scene)).draw(width: width, style: style)
    }

    private func notification(_ method: String, _ params: JSONValue) -> [String] {
        let scene = params["scene"]?.text ?? "?"
        switch method {
        case "view.navigate":
            let from = params["from"]?.text
            let sentence: String
            switch params["action"]?.text {
            case "root": sentence = "→ \(scene) opened"
            case "present": sentence = "→ \(scene) presented over \(from ?? "nothing")"
            case "push": sentence = "→ \(scene) pushed onto \(from ?? "nothing")"
            case "dismiss": sentence = "← \(scene) dismissed" + (from.map { ", back to \($0)" } ?? ", nothing left")
            case "pop": sentence = "← \(scene) popped" + (from.map { ", back to \($0)" } ?? ", nothing left")
            default: sentence = "· \(scene): \(params["action"]?.text ?? "?")"
            }
            return [style.yellow(sentence)]
        case "view.render":
            return screen(scene, params["viewModel"] ?? .null)
        case "effect.http", "$/cancelRequest":
            // The REPL performs the apps' HTTP itself; a person reads what came of it.
            return []
        default:
            return [style.dim("\(method) \(JSONWriter.string(params))")]
        }
    }
}
