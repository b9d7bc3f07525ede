/// A scene kind: its wire name, what the app calls it and its parts, and its types.
public protocol SceneKind: Sendable {
    /// What the scene shows.
    associatedtype ViewModel: Decodable & Sendable
    /// The events the scene accepts.
    associatedtype Event: SceneEvent
    /// The wire name (`todo.add`).
    static var name: String { get }
    static var presentation: ScenePresentation { get }
}
