/// A live scene of kind `Kind`: its id (`todo.add#1`).
public struct SceneRef<Kind: SceneKind>: Hashable, Sendable, CustomStringConvertible {
    /// The scene's id (`todo.add#1`).
    public let id: String

    init(id: String) {
        self.id = id
    }

    public var description: String { id }
}
