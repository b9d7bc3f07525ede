/// A live scene of any kind: its id and its kind's wire name.
public struct AnySceneRef: Hashable, Sendable, CustomStringConvertible {
    /// The scene's id (`todo.add#1`).
    public let id: String
    /// Its kind's wire name (`todo.add`).
    public let kind: String

    /// `scene`, whatever its kind.
    public init<Kind: SceneKind>(_ scene: SceneRef<Kind>) {
        id = scene.id
        kind = Kind.name
    }

    init(id: String, kind: String) {
        self.id = id
        self.kind = kind
    }

    /// This scene as one of `kind`, when it is one.
    public func `as`<Kind: SceneKind>(_ kind: Kind.Type) -> SceneRef<Kind>? {
        self.kind == Kind.name ? SceneRef(id: id) : nil
    }

    public var description: String { id }
}
