/// An app: the name `start` takes, and the kind of the scene it starts on. (Not `App`, which
/// SwiftUI's apps conform to.)
public struct AppEntry<Root: SceneKind>: Sendable {
    /// The name `start` takes (`todo`).
    public let name: String

    /// The app `start` names `name`.
    public init(name: String) {
        self.name = name
    }
}
