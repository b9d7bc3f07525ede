/// `view.navigate`: a scene joined or left the stack.
struct ViewNavigateNotification: WireNotification {
    static let method = WireMethod.viewNavigate.rawValue

    let action: String
    let scene: String
    let kind: String
    /// The scene whose Router navigated (for `dismiss`, the scene now on top); absent for `root`.
    let from: String?

    func encode(to encoder: any Encoder) throws {
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
