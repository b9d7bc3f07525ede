/// A command that sends the engine a request, as it was typed: `RequestBuilder` reads its words
/// against the session and builds the `CommandRequest` it stands for, or says why it cannot.
enum WireCommand: Equatable, Sendable {
    /// `start APP`: app.start.
    case start(app: String)
    /// `[SCENE] EVENT [FIELD=VALUE …]`: view.event, to SCENE or to the top scene.
    case event(scene: String?, name: String, arguments: [String])
    /// `back [SCENE]`: view.back, for the top scene (or SCENE, which the engine checks is on top).
    case back(scene: String?)
    /// `post NAME [FIELD=VALUE …]`: notification.post, an event on the bus.
    case post(name: String, arguments: [String])
    /// `clock WHEN`: clock.set.
    case setClock(String)
    /// `stack`: engine.state.
    case stack

    /// Whether `COMMAND &` may send it without waiting: the requests to the apps, which may wait
    /// on a slow server. The session's own answer at once.
    var mayRunInBackground: Bool {
        switch self {
        case .start, .event, .back, .post: true
        case .setClock, .stack: false
        }
    }
}
