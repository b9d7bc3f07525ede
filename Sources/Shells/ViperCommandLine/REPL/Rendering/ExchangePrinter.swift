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
            guard message.wireMethod == .viewNavigate, message["params"]?["action"] == "dismiss" else { return nil }
            return message["params"]?["scene"]?.text
        })
        let top = stack.last
        var lines: [String] = []
        var wentBack = false
        var drewTop = false
        for message in messages {
            // Errors are not drawn: the REPL reports them on stderr.
            guard case .string(let name)? = message["method"], let params = message["params"] else { continue }
            let method = WireMethod(rawValue: name)
            let scene = params["scene"]?.text
            if method == .viewNavigate, ["dismiss", "pop"].contains(params["action"]?.text) { wentBack = true }
            if method == .viewRender, let scene, let top, scene != top, stack.contains(scene) {
                lines.append(style.dim("· \(scene) changed under \(top); show \(scene) draws it"))
                continue
            }
            if method == .viewRender, scene == top { drewTop = true }
            lines += notification(name, params, presented: scene.map { presented.contains($0) || dismissed.contains($0) } ?? false)
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

    private func notification(_ method: String, _ params: JSONValue, presented: Bool) -> [String] {
        let scene = params["scene"]?.text ?? "?"
        switch WireMethod(rawValue: method) {
        case .viewNavigate?:
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
        case .viewRender?:
            return screen(scene, params["viewModel"] ?? .null, presented: presented)
        case .effectHTTP?, .cancelRequest?:
            // The REPL performs the apps' HTTP itself; a person reads what came of it.
            return []
        default:
            return [style.dim("\(method) \(JSONWriter.string(params))")]
        }
    }
}
