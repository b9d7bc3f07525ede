import ViperJSON

/// A live scene's subscription to one kind of bus event.
struct BusSubscription: Sendable {
    let scene: SceneID
    let name: String
    /// Decodes the payload and hands it to the module; false when the payload does not fit.
    let deliver: @Sendable (JSONValue) async -> Bool
}
