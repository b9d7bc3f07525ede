/// What a scene shows now.
public struct Render: Sendable {
    /// The scene that renders.
    public let scene: AnySceneRef
    /// The view model as JSON.
    public let json: JSONValue

    /// The view model, when the scene is of kind `kind`.
    public func viewModel<Kind: SceneKind>(_ kind: Kind.Type) -> Kind.ViewModel? {
        guard scene.kind == Kind.name else { return nil }
        return try? WireCoding.value(Kind.ViewModel.self, from: json)
    }
}
