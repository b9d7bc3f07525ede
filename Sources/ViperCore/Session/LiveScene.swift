import ViperJSON

/// A scene on the session's stack: its id, its module, how it was opened and what it last
/// rendered.
struct LiveScene: Sendable {
    let id: SceneID
    /// `id` spelled as on the wire, kept to match incoming events without formatting ids.
    let name: String
    let module: any LiveModule
    /// `root`, `push` or `present`: how it leaves depends on it (a pushed scene is popped).
    let presentation: NavigationAction
    /// The last view model rendered, as written on the wire.
    var viewModel: RawJSON?

    init(id: SceneID, module: any LiveModule, presentation: NavigationAction) {
        self.id = id
        self.name = id.description
        self.module = module
        self.presentation = presentation
    }
}

/// A module as the session drives it, without knowing its scene's types.
protocol LiveModule: Sendable {
    func deliver(event: String, data: JSONValue?, to scene: String) async throws(ProtocolError)
    func sceneDidAppear() async
    func clockDidChange() async
    func sceneDidDisappear() async
    func sceneDidReappear() async
}

/// The `LiveModule` of a module whose scene follows `Scene`.
struct Module<Scene: SceneContract>: LiveModule {
    let handler: any EventHandler<Scene>
    /// What the scene accepts, learned from the same decoder that reads its events.
    let description: SceneDescription

    /// Decodes the event into the scene's typed `Event` and hands it to the module.
    func deliver(event name: String, data: JSONValue?, to scene: String) async throws(ProtocolError) {
        guard description.acceptsEvent(named: name) else {
            throw .unknownEvent(name, scene: scene, known: description.events.map(\.name))
        }
        let payload: JSONValue
        switch data {
        case nil, .null?: payload = .object([:])
        case .object?: payload = data!
        case let other?: throw .invalidParams(path: "params.data", "must be an object, not \(other.typeDescription)")
        }
        let event: Scene.Event
        do {
            // Synthesized enum decoding reads `{"<case>": {<labelled values>}}`.
            event = try JSONValueDecoder.decode(Scene.Event.self, from: .object([name: payload]))
        } catch let error as DecodingError {
            // The synthesized decoder's path starts at the case name, which is `params.data` on the wire.
            throw .invalidParams(error, path: { [WireCodingKey(stringValue: "params"), WireCodingKey(stringValue: "data")] + $0.dropFirst() })
        } catch {
            // A contract's own type refused the data with an error of its own.
            throw .invalidParams(path: "params.data", "is not valid data for the event '\(name)'")
        }
        if let refusal = await handler.refusal(of: event) {
            throw .invalidParams(path: "params.data.\(refusal.field)", refusal.reason)
        }
        await handler.handle(event)
    }

    func sceneDidAppear() async {
        await handler.sceneDidAppear()
    }

    func clockDidChange() async {
        await handler.clockDidChange()
    }

    func sceneDidDisappear() async {
        await handler.sceneDidDisappear()
    }

    func sceneDidReappear() async {
        await handler.sceneDidReappear()
    }
}
