/// A scene joined or left the stack. `scene.as(Kind.self)` gives it typed.
public struct Navigation: Sendable {
    /// How it joined or left.
    public let action: NavigationAction
    /// The scene that joined or left.
    public let scene: AnySceneRef
    /// For push and present, the scene that opened it; for pop and dismiss, the one now on top.
    public let from: AnySceneRef?
}
