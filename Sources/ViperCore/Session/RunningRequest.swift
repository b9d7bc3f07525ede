/// The request a session is working on, and what the session knows of it while it runs.
struct RunningRequest {
    let request: IncomingRequest
    /// The scene and event of a superseding `view.event`, so a newer one can cancel it.
    let supersedingKey: SupersedingKey?
    /// Set by `$/cancelRequest` or a superseding event: the answer will be -32800.
    var isCancelled = false
    /// How many replies from the client the request waits for now (effects it sent).
    var awaitedReplies = 0
    /// Whether background output waits for the response; `engine.idle`, which writes nothing
    /// of its own, lets it through, so that all of it comes before its answer.
    var holdsBackgroundOutput = true
    /// A render the request caused that was too long to write: its scene and length. The
    /// request is then answered with `outputTooLarge`, so the View knows it missed one.
    var refusedRender: (scene: String, length: Int)?
}

/// A scene and one of its superseding events: requests with the same key replace each other.
struct SupersedingKey: Hashable {
    let scene: String
    let event: String
}
