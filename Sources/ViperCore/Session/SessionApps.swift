/// The apps a session can start, those it has started (one instance each), and the scene
/// descriptions it has looked up.
struct SessionApps {
    let factories: [AppFactory]
    private var started: [String: any ViperApp] = [:]
    private var described: [SceneKind: SceneDescription] = [:]

    init(_ factories: [AppFactory]) {
        self.factories = factories
    }

    /// The instance of `name` the session started, if it did.
    func started(named name: String) -> (any ViperApp)? {
        started[name]
    }

    /// Keeps the instance of `name` the session has just made.
    mutating func keep(_ app: any ViperApp, named name: String) {
        started[name] = app
    }

    /// The description of `kind` by the first app that registered it, kept so that each
    /// `view.event` checked for superseding looks it up in a dictionary.
    mutating func description(ofKind kind: SceneKind) -> SceneDescription? {
        if let known = described[kind] { return known }
        let found = factories.lazy.compactMap { $0.descriptions.scene(ofKind: kind) }.first
        described[kind] = found
        return found
    }
}
