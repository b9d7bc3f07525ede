/// The apps a session can start, those it has started (one instance each), and the scene
/// descriptions it has looked up.
struct SessionApps {
    let factories: [AppFactory]
    private var started: [String: any ViperApp] = [:]
    private var described: [SceneKind: SceneDescription] = [:]
    /// The superseding events of each scene kind that has any, as the first app that registered
    /// the kind declares them. Read off the contracts at the first `view.event`: describing
    /// every scene of every app to learn them cost that event 41 million instructions
    /// (callgrind, BENCHMARKS.md), and looking up a description for each event 2,000 more.
    private(set) lazy var supersedingEvents: [SceneKind: Set<String>] = factories
        .reduce(into: [:]) { events, factory in events.merge(factory.descriptions.supersedingEvents) { first, _ in first } }
        .filter { !$0.value.isEmpty }

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
