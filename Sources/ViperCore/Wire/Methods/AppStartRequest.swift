/// `app.start`: shows an app's root scene, replacing the whole stack.
struct AppStartRequest: WireRequest {
    static let method = "app.start"

    /// The app's name, one of `initialize`'s `apps`.
    var app: String

    struct Result: Encodable, Sendable {
        /// The id of the root scene that was shown.
        let scene: String
    }
}
