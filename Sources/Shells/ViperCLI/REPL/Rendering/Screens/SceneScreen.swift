import ViperTesting
import ViperCore
import ViperJSON

/// Draws one kind of scene from its view model, as a small text screen.
protocol SceneScreen: Sendable {
    /// The lines of the screen of `scene`, `width` columns wide.
    func draw(scene: String, viewModel: JSONValue, width: Int, style: TextStyle) -> [String]
}

/// The screens the REPL knows, by scene kind; other kinds get the generic screen.
enum SceneScreens {
    static let byKind: [String: any SceneScreen] = [
        "todo.list": TodoListScreen(),
        "todo.add": TodoAddScreen(),
        "alert": AlertScreen(),
    ]

    static func screen(forScene scene: String) -> any SceneScreen {
        byKind[SceneCatalog.kind(ofScene: scene)] ?? GenericScreen()
    }
}

extension JSONValue {
    /// The string, or the JSON text of anything else; for screens.
    var text: String {
        if case .string(let string) = self { return string }
        return JSONWriter.string(self)
    }

    var elements: [JSONValue] {
        if case .array(let elements) = self { return elements }
        return []
    }
}
