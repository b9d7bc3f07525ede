/// `view.navigate`: a scene joined or left the stack.
package struct ViewNavigateNotification: WireNotification, Decodable, Equatable {
    package static let wireMethod = WireMethod.viewNavigate

    package let action: NavigationAction
    /// The scene's id (`todo.add#2`).
    package let scene: String
    package let kind: String
    /// The scene whose Router navigated (for `dismiss`, the scene now on top); absent for `root`.
    package let from: String?

    init(action: NavigationAction, scene: String, kind: String, from: String?) {
        self.action = action
        self.scene = scene
        self.kind = kind
        self.from = from
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(action, forKey: .action)
        try container.encode(scene, forKey: .scene)
        try container.encode(kind, forKey: .kind)
        // Unlike view model fields, `from` is left out rather than null when there is none.
        if let from { try container.encode(from, forKey: .from) }
    }

    private enum CodingKeys: String, CodingKey {
        case action, scene, kind, from
    }
}
