/// The View contract of a module: the typed events a scene accepts and the view model it shows.
///
/// A contract is usually a caseless enum that names the scene kind and nests its `Event` and
/// `ViewModel` types, so that `TodoAddScene.Event.saveTapped` reads as what it is.
public protocol SceneContract: Sendable {
    /// The events the View may send to this scene.
    associatedtype Event: SceneEvent
    /// What the Presenter hands the View to show.
    associatedtype ViewModel: SceneViewModel

    /// The scene's kind, as it appears on the wire (`todo.list`); ids are `<kind>#<n>`.
    static var kind: SceneKind { get }

    /// Events of which only the newest matters (search as you type): a newer one for the same
    /// scene cancels the earlier ones still queued or running.
    static var supersedingEvents: [Event.CodingKeys] { get }

    /// What a View calls the scene and its parts; `engine.describe` carries it.
    static var presentation: ScenePresentation { get }
}

extension SceneContract {
    /// Most events each matter.
    public static var supersedingEvents: [Event.CodingKeys] { [] }

    /// No words of the app's own: a View words the scene from its wire names.
    public static var presentation: ScenePresentation { ScenePresentation() }
}
